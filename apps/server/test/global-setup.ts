// Every test file starts from a fresh database; building one from nothing (PGlite's initdb in WebAssembly,
// then every migration) costs seconds per file. This migrates one database before the files run, and each
// file's database starts as a copy of it: on PGlite from its data directory's tarball, on PostgreSQL as
// CREATE DATABASE … TEMPLATE.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the migrated database's data directory as a gzipped tarball; PostgreSQL: its database name. */
    migratedDatabase: { kind: 'pglite'; tarball: string } | { kind: 'postgres'; name: string };
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `eusulan_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const handle = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: ':memory:' });
    await handle.migrate();
    await handle.close();
    project.provide('migratedDatabase', { kind: 'postgres', name });
    return () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'eusulan-template-'));
  const tarball = path.join(dir, 'migrated.tar.gz');
  const handle = await openDatabase({ dataDir: ':memory:' });
  await handle.migrate();
  const dump = await handle.dumpDataDir?.();
  await handle.close();
  if (!dump) throw new Error('PGlite gave no data directory');
  await writeFile(tarball, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedDatabase', { kind: 'pglite', tarball });
  return () => rm(dir, { recursive: true, force: true });
}

/** The URL of another database on the PostgreSQL server of `serverUrl`. */
export function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement over a connection of its own (CREATE and DROP DATABASE run outside any database in use). */
export async function adminQuery(serverUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
