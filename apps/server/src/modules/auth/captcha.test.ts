import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_MESSAGES } from '@eusulan/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

// No internet here: a local HTTP server plays Google's siteverify endpoint, so the real request code runs.
let siteverify: Server;
const received: URLSearchParams[] = [];
let t: TestApp;

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      received.push(form);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: form.get('response') === 'token-benar' }));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  const { port } = siteverify.address() as AddressInfo;
  t = await createTestApp({
    CAPTCHA_PROVIDER: 'recaptcha',
    RECAPTCHA_SITE_KEY: 'site-key-uji',
    RECAPTCHA_SECRET: 'secret-uji',
    RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
  });
});
afterAll(async () => {
  await t.close();
  siteverify.close();
});

describe('reCAPTCHA bot check', () => {
  it('publishes the site key, never the secret', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/captcha-config' });
    expect(response.json().data).toEqual({
      provider: 'recaptcha',
      siteKey: 'site-key-uji',
      challengeUrl: null,
    });
    expect(response.body).not.toContain('secret-uji');
  });

  it('sends the token with the secret and accepts only what the provider confirms', async () => {
    const user = await t.buildUser({ role: 'umum' });
    const refused = await t.login(user.username, user.password, { recaptcha: 'token-salah' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().status.message).toBe(AUTH_MESSAGES.captchaInvalid);
    const accepted = await t.login(user.username, user.password, { recaptcha: 'token-benar' });
    expect(accepted.statusCode).toBe(200);
    expect(received.at(-1)?.get('secret')).toBe('secret-uji');
  });
});
