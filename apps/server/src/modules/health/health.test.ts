import type { TAppInfo } from '@eusulan/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ConfigError, loadConfig } from '../../config.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appInfo(env: Record<string, string> = {}): Promise<TAppInfo> {
  const t = await createTestApp(env);
  apps.push(t);
  const response = await t.app.inject({ method: 'GET', url: '/api/app-info' });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

describe('GET /api/app-info: the field survey report identity', () => {
  it('answers the Surabaya defaults without a token: no logo, the spec addressee, blank signer name', async () => {
    const info = await appInfo();
    expect(info.report).toEqual({
      logoUrl: null,
      addressee: 'Kepala Bidang Jalan dan Jembatan',
      place: 'Surabaya',
      signerTitle: 'Sub Koordinator Perencanaan dan Pengawasan',
      signerName: '',
      signerNip: '',
      reporterTitle: 'Surveyor',
    });
    expect(info.letterhead[0]).toBe('PEMERINTAH KOTA SURABAYA');
  });

  it('answers what another city configures', async () => {
    const info = await appInfo({
      REPORT_LOGO_URL: 'https://kota.example/lambang.png',
      REPORT_ADDRESSEE: 'Kepala Bidang Bina Marga',
      REPORT_PLACE: 'Malang',
      REPORT_SIGNER_TITLE: 'Sub Koordinator Jalan',
      REPORT_SIGNER_NAME: ' Ir. Budi Santoso ',
      REPORT_SIGNER_NIP: '19700101 199503 1 001',
      REPORT_REPORTER_TITLE: 'Konsultan',
      LETTERHEAD: 'PEMERINTAH KOTA MALANG | DINAS PUPR',
    });
    expect(info.report).toEqual({
      logoUrl: 'https://kota.example/lambang.png',
      addressee: 'Kepala Bidang Bina Marga',
      place: 'Malang',
      signerTitle: 'Sub Koordinator Jalan',
      signerName: 'Ir. Budi Santoso',
      signerNip: '19700101 199503 1 001',
      reporterTitle: 'Konsultan',
    });
    expect(info.letterhead).toEqual(['PEMERINTAH KOTA MALANG', 'DINAS PUPR']);
  });

  it('accepts a logo path the server serves and refuses a logo address of another scheme', () => {
    expect(loadConfig({ REPORT_LOGO_URL: '/lambang.svg' }).REPORT_LOGO_URL).toBe('/lambang.svg');
    expect(() => loadConfig({ REPORT_LOGO_URL: 'javascript:alert(1)' })).toThrow(ConfigError);
    expect(() => loadConfig({ REPORT_SIGNER_TITLE: '  ' })).toThrow(/REPORT_SIGNER_TITLE/);
  });
});
