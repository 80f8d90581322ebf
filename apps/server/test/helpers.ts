import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { TRole } from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import type { RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { prepareDatabase } from '../src/db/bootstrap.ts';
import { openDatabase } from '../src/db/client.ts';
import { districts, roles, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { buildConsultant } from './factories.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

export const ADMIN_PASSWORD = 'Admin12345';
export const TEST_PASSWORD = 'Rahasia123';

/**
 * A fresh database per test file, a copy of the one global-setup.ts migrated: PGlite in memory by default,
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL, dropped again on close.
 */
async function openTestDatabase() {
  const migrated = inject('migratedDatabase');
  if (migrated.kind === 'pglite') {
    return openDatabase({ dataDir: ':memory:', loadDataDir: new Blob([await readFile(migrated.tarball)]) });
  }
  const serverUrl = process.env.TEST_DATABASE_URL ?? '';
  const name = `eusulan_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${migrated.name}`);
  const handle = await openDatabase({ url: databaseUrl(serverUrl, name), dataDir: ':memory:' });
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An answer's body without the request id its error envelope carries: for comparing two refusals
 * that must be alike in all else (a wrong password and an unknown user).
 */
export function withoutRequestId(response: { json(): unknown }) {
  const body = response.json() as { status?: { requestId?: string } };
  delete body.status?.requestId;
  return body;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: Writable; onRoute?: (route: RouteOptions) => void } = {},
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eusulan-test-'));
  const config = testConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD, TOKEN_SECRET: 'x'.repeat(40), ...env });
  const database = await openTestDatabase();
  await prepareDatabase(database, config);
  const app = await buildApp(config, database, options);
  const db = database.db;

  async function roleId(slug: TRole) {
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.slug, slug));
    if (!role) throw new Error(`no role ${slug}`);
    return role.id;
  }

  let sequence = 0;
  /**
   * A user of the given role; consultan users get their own consultant (internal with a district: a new one,
   * or `districtId`, which the villages of its proposals must lie in).
   */
  async function buildUser(options: {
    role: TRole;
    password?: string;
    isActive?: boolean;
    mustChangePassword?: boolean;
    consultantType?: 'internal' | 'external';
    districtId?: number;
  }) {
    sequence += 1;
    let consultantId: number | undefined;
    if (options.role === 'consultan') {
      const type = options.consultantType ?? 'internal';
      let districtId = type === 'internal' ? options.districtId : undefined;
      if (type === 'internal' && districtId === undefined) {
        const [district] = await db
          .insert(districts)
          .values({ name: `Wilayah Uji ${sequence}` })
          .returning({ id: districts.id });
        districtId = district?.id;
      }
      const consultant = await buildConsultant(db, {
        code: `K-${sequence}`,
        name: `Konsultan Uji ${sequence}`,
        consultantType: type,
        districtId,
      });
      consultantId = consultant.id;
    }
    const username = `uji-${options.role}${sequence}`;
    const [user] = await db
      .insert(users)
      .values({
        name: `Pengguna ${options.role} ${sequence}`,
        username,
        passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
        roleId: await roleId(options.role),
        consultantId,
        isActive: options.isActive ?? true,
        mustChangePassword: options.mustChangePassword ?? false,
      })
      .returning();
    if (!user) throw new Error('user not created');
    return { ...user, password: options.password ?? TEST_PASSWORD };
  }

  async function login(username: string, password: string, extra: Record<string, string> = {}) {
    return app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password, ...extra } });
  }

  /** A signed-in user of the role and its bearer header. */
  async function signIn(
    role: TRole,
    options: Parameters<typeof buildUser>[0] extends infer O ? Partial<O> : never = {},
  ) {
    const user = await buildUser({ ...options, role });
    const response = await login(user.username, user.password);
    const token = response.json().data.auth.accessToken as string;
    return { user, token, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    db,
    /** The database handle, for a second app on the same database (two instances, a restart). */
    database,
    config,
    buildUser,
    login,
    signIn,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
