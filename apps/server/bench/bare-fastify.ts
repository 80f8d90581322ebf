// The floor of HTTP for the list bench: a Fastify app with nothing but the server's compression, answering
// GET /body/<key> with a JSON text stored beforehand (PUT /body/<key>), so a list's answer of the same
// bytes costs only what any Fastify route costs to send it. Started as its own process by startBareServer,
// like the server under test, so the load tool never shares its event loop.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import Fastify from 'fastify';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const BODY_LIMIT = 64 * 1024 * 1024;

async function serve() {
  const app = Fastify({ logger: false });
  // The server's own setting (app.ts), so the same body is compressed the same way.
  await app.register(fastifyCompress, { threshold: 1024 });
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_r, body, done) => done(null, body),
  );
  const bodies = new Map<string, string>();
  app.put<{ Params: { key: string }; Body: string }>('/body/:key', async (request, reply) => {
    bodies.set(request.params.key, request.body);
    return reply.status(204).send();
  });
  app.get<{ Params: { key: string } }>('/body/:key', async (request, reply) => {
    const body = bodies.get(request.params.key);
    if (body === undefined) return reply.status(404).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  console.log(`bare fastify at ${address}`);
}

export interface BareServer {
  url: string;
  pid: number;
  /** Stores the body that GET <url>/body/<key> answers. */
  setBody(key: string, body: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startBareServer(): Promise<BareServer> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-fastify.ts'], {
    cwd: SERVER_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /bare fastify at (http:\/\/\S+)/.exec(output)?.[1];
      if (found) resolve(found);
    });
    child.once('exit', (code) => reject(new Error(`bare fastify exited with ${code}: ${output}`)));
  });
  return {
    url,
    pid: child.pid ?? 0,
    async setBody(key, body) {
      const response = await fetch(`${url}/body/${key}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body,
      });
      if (response.status !== 204) throw new Error(`bare fastify: ${response.status}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve();
