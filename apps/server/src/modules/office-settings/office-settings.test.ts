import {
  DEFAULT_LETTER_NUMBER_FORMAT,
  OFFICE_SETTINGS_MESSAGES,
  type TOfficeSettings,
} from '@eusulan/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fixture, sendForm } from '../../../test/multipart.ts';
import { auditEvents } from '../../db/schema/index.ts';

let t: TestApp;
let admin: Record<string, string>;
let consultant: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signIn('admin')).headers;
  consultant = (await t.signIn('consultan')).headers;
});
afterAll(async () => {
  await t.close();
});

const settingsUrl = '/api-web/office-settings';
const put = (payload: unknown, headers = admin) =>
  t.app.inject({ method: 'PUT', url: settingsUrl, headers, payload: payload as object });
const auditOfSettings = () =>
  t.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.entity, 'office-settings'), eq(auditEvents.entityId, 1)))
    .orderBy(auditEvents.id);

describe('Pengaturan Surat (office settings)', () => {
  it('answers the defaults before any save: the Surabaya format, Biasa, the app mark', async () => {
    const response = await t.app.inject({ method: 'GET', url: settingsUrl, headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      letterNumberFormat: DEFAULT_LETTER_NUMBER_FORMAT,
      sifat: 'Biasa',
      crestUrl: null,
      crestName: null,
      updatedAt: null,
      version: null,
    });
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: settingsUrl, headers: consultant })).statusCode).toBe(
      403,
    );
    expect(
      (await put({ letterNumberFormat: '{nomor}/{tahun}', sifat: 'Biasa' }, consultant)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: settingsUrl })).statusCode).toBe(401);
  });

  it('saves the format and Sifat with an audit record of what changed', async () => {
    const saved = await put({
      letterNumberFormat: ' 600.1/{nomor}/436.7.6/{bulan}/{tahun} ',
      sifat: 'Penting',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = saved.json().data as TOfficeSettings;
    expect(settings).toMatchObject({
      letterNumberFormat: '600.1/{nomor}/436.7.6/{bulan}/{tahun}',
      sifat: 'Penting',
    });
    expect(saved.json().status.message).toBe('Memperbarui pengaturan surat');
    const [record] = await auditOfSettings();
    expect(record).toMatchObject({
      action: 'update',
      before: { letterNumberFormat: DEFAULT_LETTER_NUMBER_FORMAT, sifat: 'Biasa' },
      after: { letterNumberFormat: '600.1/{nomor}/436.7.6/{bulan}/{tahun}', sifat: 'Penting' },
    });

    // The same values again change nothing and record nothing.
    const again = await put({
      letterNumberFormat: '600.1/{nomor}/436.7.6/{bulan}/{tahun}',
      sifat: 'Penting',
    });
    expect(await auditOfSettings()).toHaveLength(1);
    const { version } = again.json().data as TOfficeSettings;

    // A copy loaded before someone else's save is refused (If-Match), as the masters are.
    const stale = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { ...admin, 'if-match': '"2000-01-01T00:00:00.000Z"' },
      payload: { letterNumberFormat: '{nomor}/{tahun}', sifat: 'Biasa' },
    });
    expect(stale.statusCode).toBe(409);
    const fresh = await t.app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { ...admin, 'if-match': `"${version}"` },
      payload: { letterNumberFormat: '{nomor}/{tahun}', sifat: 'Biasa' },
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });

  it.each([
    [
      { letterNumberFormat: '', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatRequired,
    ],
    [
      { letterNumberFormat: '   ', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatRequired,
    ],
    [
      { letterNumberFormat: '620/{tahun}', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatNeedsNumber,
    ],
    [
      { letterNumberFormat: '620/{nomor}', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatNeedsYear,
    ],
    [
      { letterNumberFormat: '{nomor}/{nomor}/{tahun}', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatRepeatedNumber,
    ],
    [
      { letterNumberFormat: '{nomor}/{kode}/{tahun}', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatUnknownPlaceholder,
    ],
    [
      { letterNumberFormat: '{nomor/{tahun}', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatUnknownPlaceholder,
    ],
    [
      { letterNumberFormat: '{nomor}/{tahun}<script>', sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatCharacters,
    ],
    [
      { letterNumberFormat: `{nomor}/{tahun}/${'9'.repeat(120)}`, sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatTooLong,
    ],
    [
      { letterNumberFormat: 7, sifat: 'Biasa' },
      'letterNumberFormat',
      OFFICE_SETTINGS_MESSAGES.formatRequired,
    ],
    [
      { letterNumberFormat: '{nomor}/{tahun}', sifat: 'Santai' },
      'sifat',
      OFFICE_SETTINGS_MESSAGES.sifatRequired,
    ],
    [{ letterNumberFormat: '{nomor}/{tahun}' }, 'sifat', OFFICE_SETTINGS_MESSAGES.sifatRequired],
  ])('refuses %j with 422 and an Indonesian message', async (payload, field, message) => {
    const response = await put(payload);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors[field]).toContain(message);
  });

  it('refuses a body that is not an object with 4xx, never 500', async () => {
    for (const payload of [
      'teks',
      '[]',
      'null',
      '{"letterNumberFormat":"\\u0000{nomor}{tahun}","sifat":"Biasa"}',
    ]) {
      const response = await t.app.inject({
        method: 'PUT',
        url: settingsUrl,
        headers: { ...admin, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });

  it('takes a png or jpeg crest, serves it to every signed-in role, and goes back to the app mark', async () => {
    const upload = await sendForm(
      t.app,
      `${settingsUrl}/crest`,
      admin,
      {},
      { file: [fixture('road-photo.png', 'lambang.png')] },
    );
    expect(upload.statusCode, upload.body).toBe(200);
    const settings = upload.json().data as TOfficeSettings;
    expect(settings.crestName).toBe('lambang.png');
    expect(settings.crestUrl).toMatch(/^\/api-web\/office-settings\/crest\?v=\d+$/);
    const crest = await t.app.inject({ method: 'GET', url: settings.crestUrl!, headers: consultant });
    expect(crest.statusCode).toBe(200);
    expect(crest.headers['content-type']).toBe('image/png');
    expect(crest.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'GET', url: settings.crestUrl! })).statusCode).toBe(401);

    const pdf = await sendForm(
      t.app,
      `${settingsUrl}/crest`,
      admin,
      {},
      { file: [fixture('surat-usulan.pdf')] },
    );
    expect(pdf.statusCode).toBe(422);
    const none = await sendForm(t.app, `${settingsUrl}/crest`, admin, {}, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([OFFICE_SETTINGS_MESSAGES.crestRequired]);
    const byConsultant = await sendForm(
      t.app,
      `${settingsUrl}/crest`,
      consultant,
      {},
      { file: [fixture('road-photo.png')] },
    );
    expect(byConsultant.statusCode).toBe(403);

    const removed = await t.app.inject({ method: 'DELETE', url: `${settingsUrl}/crest`, headers: admin });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ crestUrl: null, crestName: null });
    expect((await t.app.inject({ method: 'GET', url: settings.crestUrl!, headers: admin })).statusCode).toBe(
      404,
    );
    const records = (await auditOfSettings()).map((record) => [
      record.before?.crestName,
      record.after?.crestName,
    ]);
    expect(records).toContainEqual(['Logo aplikasi', 'lambang.png']);
    expect(records).toContainEqual(['lambang.png', 'Logo aplikasi']);
  });
});
