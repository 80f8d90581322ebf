import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { BENCH_ADMIN } from '../bench/bench-database.ts';
import { type ServerProcess, startServer } from '../bench/server-process.ts';

/**
 * SIGTERM lets the requests in flight finish and refuses new connections; past
 * SHUTDOWN_TIMEOUT it cuts off what still runs and still closes the database. The server is the production
 * bundle as its own process (bench/server-process.ts), on PGlite or, with TEST_DATABASE_URL, on PostgreSQL.
 */

const serverUrl = process.env.TEST_DATABASE_URL;
const servers: ServerProcess[] = [];
const databases: string[] = [];

afterAll(async () => {
  // stop(): SIGTERM to one still running (a failed test), then its temporary data directory goes.
  for (const server of servers) await server.stop();
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A fresh PostgreSQL database for one server, or undefined (PGlite in the server's own data directory). */
async function freshDatabaseUrl() {
  if (!serverUrl) return undefined;
  const name = `eusulan_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function start(env: Record<string, string> = {}) {
  // startServer passes its own environment on; this file runs in a process of its own.
  Object.assign(process.env, env);
  try {
    const server = await startServer(await freshDatabaseUrl(), { logLevel: 'warn' });
    servers.push(server);
    return server;
  } finally {
    for (const name of Object.keys(env)) delete process.env[name];
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A login whose body arrives in two parts: the headers and half the body now, the rest when `finish()` is
 * called. Until then the request is in flight on the server (routed, waiting for its body).
 */
function slowLogin(url: string) {
  const { hostname, port } = new URL(url);
  const body = JSON.stringify(BENCH_ADMIN);
  const half = Math.floor(body.length / 2);
  const socket: Socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined);
  const sent = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      socket.write(
        [
          'POST /api/auth/login HTTP/1.1',
          `Host: ${hostname}:${port}`,
          'Content-Type: application/json',
          `Content-Length: ${Buffer.byteLength(body)}`,
          'x-request-id: pelan-1',
          '',
          body.slice(0, half),
        ].join('\r\n'),
        () => resolve(),
      );
    }),
  );
  return {
    sent,
    /** Resolves with everything the server sent once it closes the connection. */
    closed,
    finish: () => socket.write(body.slice(half)),
  };
}

/** Resolves with the error code once a new connection to the server is refused (within 5 s). */
async function refusedConnection(url: string): Promise<string> {
  const { hostname, port } = new URL(url);
  for (let tries = 0; tries < 100; tries++) {
    const outcome = await new Promise<string>((resolve) => {
      const probe = connect(Number(port), hostname);
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    if (outcome !== 'connected') return outcome;
    await sleep(50);
  }
  return 'still accepting';
}

const exitOf = (server: ServerProcess) =>
  new Promise<number | null>((resolve) => {
    const check = () => {
      try {
        process.kill(server.pid, 0);
        setTimeout(check, 50);
      } catch {
        resolve(null);
      }
    };
    check();
  });

describe('graceful shutdown (SIGTERM)', () => {
  it('answers the request in flight with 200, refuses new connections, then exits', async () => {
    const server = await start();
    const login = slowLogin(server.url);
    await login.sent;
    // Let the server route the request before the signal comes.
    await sleep(300);
    process.kill(server.pid, 'SIGTERM');

    expect(await refusedConnection(server.url)).toBe('ECONNREFUSED');
    // The process is still there, holding the request.
    expect(() => process.kill(server.pid, 0)).not.toThrow();

    login.finish();
    const answer = await login.closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toMatch(/^x-request-id: pelan-1\r$/m);
    expect(answer).toContain('"accessToken"');
    // Once it has answered, nothing holds the shutdown up: not the now idle keep-alive connection either.
    const answeredAt = performance.now();
    await exitOf(server);
    expect(performance.now() - answeredAt).toBeLessThan(5000);
    expect(server.output()).not.toMatch(/Batas waktu berhenti terlampaui/);
  }, 90_000);

  it('past SHUTDOWN_TIMEOUT cuts off what still runs and still exits cleanly', async () => {
    const server = await start({ SHUTDOWN_TIMEOUT: '1' });
    const stalled = slowLogin(server.url);
    await stalled.sent;
    await sleep(300);
    const signalledAt = performance.now();
    process.kill(server.pid, 'SIGTERM');
    // The rest of the body never comes: the server closes the connection without an answer.
    expect(await stalled.closed).toBe('');
    await exitOf(server);
    const tookMs = performance.now() - signalledAt;
    expect(tookMs).toBeGreaterThan(900);
    expect(tookMs).toBeLessThan(8000);
    expect(server.output()).toMatch(/Batas waktu berhenti terlampaui/);
    expect(server.output()).not.toMatch(/Gagal menutup server/);
  }, 90_000);
});
