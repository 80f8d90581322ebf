import path from 'node:path';
import { CAPTCHA_PROVIDERS, DEFAULT_MAP_TILE_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '@eusulan/shared';
import { z } from 'zod';

import { REPO_ROOT } from './server-files.ts';

export { REPO_ROOT };

const booleanFlag = z
  .string()
  .optional()
  .transform((value) => ['1', 'true', 'yes', 'on'].includes((value ?? '').toLowerCase()));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

/** '12h', '30m', '7d', '45s' or a number of seconds -> seconds. */
const duration = z
  .string()
  .regex(/^\d+[smhd]?$/, { error: 'harus berupa angka detik atau seperti 30m, 12h, 7d' })
  .transform((value) => {
    const amount = Number.parseInt(value, 10);
    const unit = value.at(-1);
    const factor = unit === 'm' ? 60 : unit === 'h' ? 3600 : unit === 'd' ? 86400 : 1;
    return amount * factor;
  });

/**
 * 'minLon,minLat,maxLon,maxLat' in WGS84 degrees -> an area. The default is Kota Surabaya's extent
 * (112.57..112.85 E, 7.36..7.18 S) with about 5 km around it.
 */
const officeArea = z
  .string()
  .default('112.52,-7.41,112.90,-7.13')
  .transform((value, context) => {
    const numbers = value.split(',').map((part) => Number(part.trim()));
    const [minLon = Number.NaN, minLat = Number.NaN, maxLon = Number.NaN, maxLat = Number.NaN] = numbers;
    if (numbers.length !== 4 || !numbers.every(Number.isFinite) || minLon >= maxLon || minLat >= maxLat) {
      context.addIssue({ code: 'custom', message: 'harus berupa bujurMin,lintangMin,bujurMaks,lintangMaks' });
      return z.NEVER;
    }
    return { minLon, minLat, maxLon, maxLat };
  });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  /** Behind a reverse proxy, the client address comes from X-Forwarded-For. */
  TRUST_PROXY: booleanFlag,
  PORT: z.coerce
    .number({ error: 'harus berupa nomor port 0-65535' })
    .int({ error: 'harus berupa nomor port 0-65535' })
    .min(0)
    .max(65535)
    .default(3000),
  /**
   * How long a shutdown (SIGTERM) waits for requests in flight before cutting them off: long enough for an
   * import or export to finish; systemd's TimeoutStopSec and compose's stop_grace_period must be longer.
   */
  SHUTDOWN_TIMEOUT: duration.default(30),
  /**
   * How many background jobs (imports, exports) this process runs at once; 0: it only queues them, for an
   * instance that should serve requests while others do the long work.
   */
  JOB_WORKERS: z.coerce
    .number({ error: 'harus berupa bilangan bulat 0-8' })
    .int({ error: 'harus berupa bilangan bulat 0-8' })
    .min(0, { error: 'harus berupa bilangan bulat 0-8' })
    .max(8, { error: 'harus berupa bilangan bulat 0-8' })
    .default(1),
  /** Bearer token Prometheus sends to GET /metrics; unset: /metrics answers 404 and nothing is measured. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, { error: 'minimal 16 karakter' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'harus diawali postgres:// atau postgresql://' })
      .optional(),
  ),
  /** node-postgres pool size per server process: instances x this must stay under max_connections. */
  DATABASE_POOL_MAX: z.coerce
    .number({ error: 'harus berupa bilangan bulat 1-100' })
    .int({ error: 'harus berupa bilangan bulat 1-100' })
    .min(1, { error: 'harus berupa bilangan bulat 1-100' })
    .max(100, { error: 'harus berupa bilangan bulat 1-100' })
    .default(10),
  DATA_DIR: z.string().default(path.join(REPO_ROOT, 'data')),
  /** Where uploaded files live: `local` under DATA_DIR/files, or `s3` in a bucket (the S3_ variables). */
  STORAGE_DRIVER: optionalText.pipe(
    z.enum(['local', 's3'], { error: 'harus local atau s3' }).default('local'),
  ),
  /** MinIO or another S3-compatible server; unset: AWS S3 itself. */
  S3_ENDPOINT: optionalText.pipe(z.url({ error: 'harus berupa alamat http(s)://' }).optional()),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** A folder inside the bucket for this installation's files; unset: the bucket's root. */
  S3_PREFIX: optionalText,
  /** Unset: on with S3_ENDPOINT (MinIO wants path-style addresses), off for AWS S3 (virtual-hosted). */
  S3_FORCE_PATH_STYLE: optionalText.transform((value) =>
    value === undefined ? undefined : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()),
  ),
  /** Where npm run backup writes its archives when no --out is given; unset: DATA_DIR/backups. */
  BACKUP_DIR: optionalText,
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, 'apps/web/dist')),
  TOKEN_SECRET: optionalText.pipe(z.string().min(32, { error: 'minimal 32 karakter' }).optional()),
  TOKEN_TTL: duration.default(12 * 3600),
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_PROVIDERS).default('altcha'),
  RECAPTCHA_SITE_KEY: optionalText,
  RECAPTCHA_SECRET: optionalText,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /** The office's time zone: report dates and export date ranges are its calendar days (Surabaya: WIB). */
  TIME_ZONE: z.string().trim().min(1).default('Asia/Jakarta'),
  DEFAULT_PASSWORD: z.string().min(8, { error: 'minimal 8 karakter' }).default('Usulan123'),
  ADMIN_USERNAME: z.string().trim().min(1).default('admin'),
  ADMIN_PASSWORD: optionalText,
  DEMO: booleanFlag,
  DEMO_PASSWORD: z.string().min(8, { error: 'minimal 8 karakter' }).default('demo1234'),
  APP_NAME: z.string().default('e-Usulan Jalan'),
  AGENCY_NAME: z.string().default('Dinas Sumber Daya Air dan Bina Marga'),
  DEPARTMENT_NAME: z.string().default('Bidang Jalan dan Jembatan'),
  CITY_NAME: z.string().default('Kota Surabaya'),
  /** Where the office's roads are: a GIS file without a .prj is placed only where it lands inside this. */
  OFFICE_AREA: officeArea,
  CONTACT_EMAIL: z.email({ error: 'bukan alamat e-mail' }).default('dsdabm@surabaya.go.id'),
  CONTACT_PHONE: z
    .string()
    .regex(/^\d{8,15}$/, { error: 'hanya angka dengan kode negara, misalnya 6281234567890' })
    .default('6281100000000'),
  LETTERHEAD: z
    .string()
    .default(
      'PEMERINTAH KOTA SURABAYA|DINAS SUMBER DAYA AIR DAN BINA MARGA|Jalan Jimerto No. 25-27, Surabaya 60272',
    )
    .transform((value) =>
      value
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  /**
   * The printable field survey report (spec §2): the letterhead logo (an http(s) address or a path the
   * server serves; none by default), the addressee, the place before the date, and the two signature blocks.
   */
  REPORT_LOGO_URL: optionalText.pipe(
    z
      .string()
      .regex(/^(https?:\/\/|\/)/, { error: 'harus berupa alamat http(s):// atau path yang diawali /' })
      .optional(),
  ),
  REPORT_ADDRESSEE: z.string().trim().min(1).default('Kepala Bidang Jalan dan Jembatan'),
  REPORT_PLACE: z.string().trim().min(1).default('Surabaya'),
  REPORT_SIGNER_TITLE: z.string().trim().min(1).default('Sub Koordinator Perencanaan dan Pengawasan'),
  /** Empty: the name and NIP lines are left blank for handwriting. */
  REPORT_SIGNER_NAME: z.string().trim().default(''),
  REPORT_SIGNER_NIP: z.string().trim().default(''),
  REPORT_REPORTER_TITLE: z.string().trim().min(1).default('Surveyor'),
  /** Satellite tiles of every map (DESIGN §4): a public imagery service needing no key by default. */
  MAP_TILE_URL: z.string().trim().min(1).default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.string().default(DEFAULT_MAP_TILE_ATTRIBUTION),
});

export type AppConfig = z.output<typeof envSchema>;

/** Every variable the server reads (docs/deploy.md's table and the deployment files are checked against it). */
export const CONFIG_VARIABLES = Object.keys(envSchema.shape) as (keyof AppConfig)[];

export class ConfigError extends Error {}

/** Reads and checks the environment once; every problem is listed, not only the first. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const result = envSchema.safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
  if (
    env.CAPTCHA_PROVIDER === 'recaptcha' &&
    (!env.RECAPTCHA_SITE_KEY?.trim() || !env.RECAPTCHA_SECRET?.trim())
  ) {
    problems.push(
      'RECAPTCHA_SECRET: RECAPTCHA_SITE_KEY dan RECAPTCHA_SECRET wajib diisi bila CAPTCHA_PROVIDER=recaptcha',
    );
  }
  if (env.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!env[name]?.trim()) problems.push(`${name}: wajib diisi bila STORAGE_DRIVER=s3`);
    }
  }
  if (!result.success || problems.length) {
    throw new ConfigError(`Konfigurasi tidak valid:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
  }
  return result.data;
}

/** A config for tests and tools: defaults plus the given overrides. */
export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', CAPTCHA_PROVIDER: 'none', ...overrides });
}
