import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

/** The keys of s3rver's one built-in account. */
export const S3_TEST_KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:<port>, for path-style requests. */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * A real S3 HTTP server for the S3 driver's tests: s3rver (npm), in a process of its own on a free port, keeping
 * its objects under `directory`, with `buckets` created through the S3 API. MinIO's server is not installable
 * here (no Docker engine, no npm package of its binary). s3rver's ListObjectsV2 continuation tokens use DES,
 * which OpenSSL 3 keeps in its legacy provider: without --openssl-legacy-provider the second page of every
 * listing fails, so its own process gets the flag and the test process does not.
 */
export async function startS3Server(directory: string, buckets: string[]): Promise<TestS3Server> {
  const cli = createRequire(import.meta.url).resolve('s3rver/bin/s3rver.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      cli,
      '--silent',
      '--directory',
      directory,
      '--address',
      '127.0.0.1',
      '--port',
      '0',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /S3rver listening on [\d.]+:(\d+)/.exec(output);
      if (!match) return;
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      // Drained from now on: a full pipe would stall the server.
      child.stdout?.resume();
      child.stderr?.resume();
      resolve(Number(match[1]));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`s3rver exited (${code}) before listening:\n${output}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3_TEST_KEYS,
  });
  for (const bucket of buckets) await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
