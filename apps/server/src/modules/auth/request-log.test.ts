import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let logged = '';
let t: TestApp;
beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => {
  await t.close();
});

describe('request logs', () => {
  it('record requests without passwords or tokens', async () => {
    const { user, token } = await t.signIn('umum');
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    await t.app.inject({ method: 'GET', url: `/api/health?token=${token}` });
    expect(logged).toContain('/api/auth/login');
    expect(logged).toContain('/api/health?token=[REDACTED]');
    expect(logged).not.toContain(user.password);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain(token.split('.')[2]);
  });
});
