import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { TProposalDetail } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { fixture, multipart } from '../../test/multipart.ts';
import { S3_TEST_KEYS as KEYS, startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createBackup } from '../backup/create-backup.ts';
import { restoreBackup } from '../backup/restore-backup.ts';
import { StoredFileMissingError } from './file-storage.ts';
import { createS3FileStorage, type S3FileStorageOptions } from './s3-file-storage.ts';

/**
 * The shared file store against a real S3 HTTP server: s3rver (npm) in its own process on a free port
 * (test/s3-server.ts says why not MinIO). It speaks S3's REST API and keeps objects on disk, so the SDK sends
 * the requests MinIO or AWS would get; it checks the access key id, not the SigV4 signature.
 */

const BUCKET = 'eusulan-test';

let server: TestS3Server;
let endpoint: string;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(tmpdir(), 'eusulan-s3-'));
  server = await startS3Server(path.join(workDir, 's3rver'), [BUCKET]);
  endpoint = server.endpoint;
});

afterAll(async () => {
  await server.stop();
  rmSync(workDir, { recursive: true, force: true });
});

function storageWith(overrides: Partial<S3FileStorageOptions> = {}) {
  return createS3FileStorage({
    dataDir: path.join(workDir, 'data'),
    bucket: BUCKET,
    region: 'us-east-1',
    ...KEYS,
    endpoint,
    forcePathStyle: true,
    ...overrides,
  });
}

/** A file in the driver's staging folder, as an upload route leaves it after its checks. */
function staged(content: Buffer) {
  const storage = storageWith();
  mkdirSync(storage.stagingDir, { recursive: true });
  const file = path.join(storage.stagingDir, randomBytes(6).toString('hex'));
  writeFileSync(file, content);
  return file;
}

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** A port nothing listens on: taken, then given back. */
async function closedPort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('createS3FileStorage', () => {
  it('stores a staged file, drops the staged copy, and reads it whole or by byte range', async () => {
    const storage = storageWith({ prefix: 'unit' });
    const content = randomBytes(70_000);
    const source = staged(content);

    await storage.putFile('proposals/1/photo.png', source);

    expect(existsSync(source)).toBe(false);
    expect((await bytesOf(await storage.read('proposals/1/photo.png'))).equals(content)).toBe(true);
    const range = await bytesOf(await storage.read('proposals/1/photo.png', { start: 100, end: 1099 }));
    expect(range.equals(content.subarray(100, 1100))).toBe(true);
  });

  it('stores a file larger than one upload part (12 MB, three parts) byte for byte', async () => {
    const storage = storageWith({ prefix: 'unit' });
    // Three 5 MB parts (the SDK's smallest): a survey video goes up this way, never held whole in memory.
    const content = randomBytes(12 * 1024 * 1024);
    await storage.putFile('survey-videos/1/clip.mp4', staged(content));

    const stored = await bytesOf(await storage.read('survey-videos/1/clip.mp4'));
    expect(stored.length).toBe(content.length);
    expect(stored.equals(content)).toBe(true);
    const tail = await bytesOf(
      await storage.read('survey-videos/1/clip.mp4', { start: content.length - 10, end: content.length - 1 }),
    );
    expect(tail.equals(content.subarray(-10))).toBe(true);
  });

  it('rejects a missing key with StoredFileMissingError, whole or ranged', async () => {
    const storage = storageWith({ prefix: 'unit' });
    await expect(storage.read('proposals/1/absent.png')).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.read('proposals/1/absent.png', { start: 0, end: 9 })).rejects.toBeInstanceOf(
      StoredFileMissingError,
    );
  });

  it('removes a file, and removing it again is not an error', async () => {
    const storage = storageWith({ prefix: 'unit' });
    await storage.putFile('proposals/2/gone.pdf', staged(Buffer.from('%PDF-1.4 tiny')));
    await storage.remove('proposals/2/gone.pdf');
    await expect(storage.read('proposals/2/gone.pdf')).rejects.toBeInstanceOf(StoredFileMissingError);
    await expect(storage.remove('proposals/2/gone.pdf')).resolves.toBeUndefined();
  });

  it('lists every key under its prefix across several pages, without the prefix and nothing outside it', async () => {
    const listed = storageWith({ prefix: '/listing/', listPageSize: 2 });
    const neighbour = storageWith({ prefix: 'listing-other' });
    const keys = ['a/1.png', 'a/2.png', 'b/3.pdf', 'b/4.pdf', 'c/5.mp4'];
    for (const key of keys) await listed.putFile(key, staged(Buffer.from(key)));
    await neighbour.putFile('a/1.png', staged(Buffer.from('not listed')));

    expect((await listed.listKeys()).sort()).toEqual(keys);
    expect(await neighbour.listKeys()).toEqual(['a/1.png']);
  });

  it('refuses a key that climbs out of its prefix', async () => {
    await expect(storageWith().read('../other/secret')).rejects.toThrow('Kunci penyimpanan tidak valid');
  });

  it('is reachable with its bucket, and says why not for a missing bucket, a wrong key, a dead or mute server', async () => {
    await expect(storageWith().checkReachable()).resolves.toBeUndefined();
    expect(existsSync(storageWith().stagingDir)).toBe(true);

    await expect(storageWith({ bucket: 'tidak-ada' }).checkReachable()).rejects.toThrow(
      'Penyimpanan S3 tidak dapat dijangkau: bucket "tidak-ada" tidak ada',
    );
    await expect(storageWith({ accessKeyId: 'SALAH' }).checkReachable()).rejects.toThrow(
      /akses ke bucket "eusulan-test" ditolak/,
    );
    await expect(
      storageWith({ endpoint: `http://127.0.0.1:${await closedPort()}` }).checkReachable(),
    ).rejects.toThrow(/Penyimpanan S3 tidak dapat dijangkau: .*ECONNREFUSED/);

    // Accepts connections and never answers: the check gives up after its timeout.
    const sockets = new Set<import('node:net').Socket>();
    const mute: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => mute.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = mute.address() as { port: number };
      const storage = storageWith({ endpoint: `http://127.0.0.1:${port}`, reachableTimeoutMs: 300 });
      await expect(storage.checkReachable()).rejects.toThrow('tidak menjawab dalam 300 ms');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => mute.close(resolve));
    }
  });
});

describe('STORAGE_DRIVER=s3 through the app', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  const env = () => ({
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: KEYS.accessKeyId,
    S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
    S3_PREFIX: 'kantor',
  });

  beforeAll(async () => {
    t = await createTestApp(env());
    admin = (await t.signIn('admin')).headers;
  });
  afterAll(async () => {
    await t.close();
  });

  it('is ready, stores an uploaded proposal file in the bucket, and serves it back through the media route', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode, ready.body).toBe(200);

    const { districtId, roadId, villageId } = await buildPlace(t.db);
    const consultant = await t.signIn('consultan', { districtId });
    const photo = fixture('road-photo.png');
    const body = await multipart(
      {
        proposalType: 'taruna',
        proposalDate: '2026-05-04',
        proposerName: 'Bu Lurah',
        phoneNumber: '081298765432',
        roadId,
        villageId,
        address: 'Jl. Rajawali No. 7',
        consultantId: consultant.user.consultantId!,
      },
      { 'files[]': [photo] },
    );
    const created = await t.app.inject({
      method: 'POST',
      url: '/api-web/proposal',
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = (created.json().data as TProposalDetail).proposalFiles[0]!.link;

    // The same access checks as with local files: no token, no file.
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(401);
    const whole = await t.app.inject({ method: 'GET', url: link, headers: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.rawPayload.equals(photo.content)).toBe(true);
    const ranged = await t.app.inject({
      method: 'GET',
      url: link,
      headers: { ...admin, range: 'bytes=8-23' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(photo.content.subarray(8, 24))).toBe(true);

    // The object is in the bucket under the prefix, read with a client of its own; nothing under DATA_DIR.
    const storage = storageWith({ prefix: 'kantor' });
    const [key] = await storage.listKeys();
    expect(key).toMatch(/^proposals\/\d+\//);
    const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
    const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `kantor/${key}` }));
    expect(head.ContentLength).toBe(photo.content.length);
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `kantor/${key}` }));
    expect((await bytesOf(object.Body as Readable)).equals(photo.content)).toBe(true);
    client.destroy();
    expect(existsSync(path.join(t.config.DATA_DIR, 'files'))).toBe(false);
  });

  it('makes npm run backup and restore refuse: the bucket is not in their archive', async () => {
    const config = { ...t.config, STORAGE_DRIVER: 's3' as const };
    await expect(createBackup(config, { outDir: path.join(workDir, 'backups') })).rejects.toThrow(
      /npm run backup hanya untuk berkas di DATA_DIR/,
    );
    await expect(restoreBackup(config, { archivePath: path.join(workDir, 'none.tar.gz') })).rejects.toThrow(
      /npm run restore hanya untuk berkas di DATA_DIR/,
    );
  });
});
