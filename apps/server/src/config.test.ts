import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      CAPTCHA_PROVIDER: 'altcha',
      TOKEN_TTL: 12 * 3600,
      DEMO: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/data$/);
  });

  it('reads durations and flags', () => {
    expect(loadConfig({ TOKEN_TTL: '30m', DEMO: '1' })).toMatchObject({ TOKEN_TTL: 1800, DEMO: true });
    expect(loadConfig({ TOKEN_TTL: '7d' }).TOKEN_TTL).toBe(7 * 86400);
  });

  it('lists every problem at once, in Indonesian', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        CAPTCHA_PROVIDER: 'recaptcha',
        TOKEN_SECRET: 'pendek',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL: harus diawali postgres://');
    expect(message).toContain('RECAPTCHA_SITE_KEY dan RECAPTCHA_SECRET wajib diisi');
    expect(message).toContain('TOKEN_SECRET: minimal 32 karakter');
  });

  it('stops start-up when STORAGE_DRIVER=s3 lacks its bucket or keys', () => {
    expect(() => loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'eusulan' })).toThrow(
      /S3_ACCESS_KEY_ID: wajib diisi bila STORAGE_DRIVER=s3[\s\S]*S3_SECRET_ACCESS_KEY: wajib diisi bila STORAGE_DRIVER=s3/,
    );
    expect(() =>
      loadConfig({ STORAGE_DRIVER: 's3', S3_ACCESS_KEY_ID: 'kunci', S3_SECRET_ACCESS_KEY: 'rahasia' }),
    ).toThrow('S3_BUCKET: wajib diisi bila STORAGE_DRIVER=s3');
    expect(() => loadConfig({ STORAGE_DRIVER: 'ftp' })).toThrow('STORAGE_DRIVER: harus local atau s3');
  });

  it('reads the S3 settings, leaving path style to the driver when unset', () => {
    const s3 = {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: 'eusulan',
      S3_ACCESS_KEY_ID: 'kunci',
      S3_SECRET_ACCESS_KEY: 'rahasia',
    };
    expect(loadConfig(s3).S3_REGION).toBe('us-east-1');
    expect(loadConfig(s3).S3_FORCE_PATH_STYLE).toBeUndefined();
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: '0' }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
  });
});
