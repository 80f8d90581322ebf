// Spec §7 'Authentication and profile', read through the spec's read paths (see read-paths.ts).
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONSULTANT_TYPES, Flags, idName } from './entities.ts';
import { dataRecord, demoApp, json, ok } from './read-paths.ts';

const demo = demoApp();
const { as, call } = demo;

describe('Authentication and profile', () => {
  it('POST auth/login gives data.auth.accessToken; POST api/auth/me the profile and role.slug', async () => {
    dataRecord(
      await json(call('POST', '/api/auth/me', as.consultan)),
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: z.object({ slug: z.literal('consultan'), name: z.string() }),
        userable: z.object({
          id: z.number().int(),
          name: z.string(),
          consultantType: CONSULTANT_TYPES,
          district: idName.nullable(),
        }),
      }),
      'auth/me (consultan)',
    );
    const admin = dataRecord(
      await json(call('POST', '/api/auth/me', as.admin)),
      z.object({
        id: z.number().int(),
        name: z.string(),
        role: z.object({ slug: z.literal('admin'), name: z.string() }),
      }),
      'auth/me (admin)',
    );
    expect(admin.role.slug).toBe('admin');
  });

  it('PUT auth/change-password, then POST auth/logout', async () => {
    const user = await demo.t.buildUser({ role: 'umum' });
    const headers = await demo.bearerOf(user.username, user.password);
    await ok(
      call('PUT', '/api/auth/change-password', headers, {
        currentPassword: user.password,
        newPassword: 'Sungai-Brantas-2026',
        newPasswordConfirmation: 'Sungai-Brantas-2026',
      }),
    );
    const again = await demo.bearerOf(user.username, 'Sungai-Brantas-2026');
    await ok(call('POST', '/api/auth/logout', again));
    expect((await call('POST', '/api/auth/me', again)).statusCode).toBe(401);
  });

  it('GET need-approval gives the four flags in data (consultan and structural)', async () => {
    for (const role of ['consultan', 'structural'] as const) {
      dataRecord(
        await json(call('GET', '/api-web/need-approval', as[role])),
        Flags,
        `need-approval (${role})`,
      );
    }
  });
});
