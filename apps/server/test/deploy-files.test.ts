import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MB, UPLOAD_LIMITS } from '@eusulan/shared';
import { run as dockerfilelint } from 'dockerfilelint';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { CONFIG_VARIABLES, loadConfig, REPO_ROOT } from '../src/config.ts';

/**
 * The deployment files are checked against the app, since no Docker engine is here to build
 * or run them. The Dockerfile passes dockerfilelint and installs every workspace; compose.yaml sets only
 * variables the server reads and wires the database service it names; docs/deploy.md's table lists every
 * variable, and its nginx and systemd examples fit the app's upload limit and shutdown deadline.
 */

const read = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');
const DEFAULTS = loadConfig({});
const rootPackage = JSON.parse(read('package.json')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};

/** The largest request body the app takes: ten files at the detail dialog's limit, or one field video. */
const LARGEST_UPLOAD_BYTES = Math.max(
  UPLOAD_LIMITS.surveyVideoBytes,
  UPLOAD_LIMITS.importBytes,
  UPLOAD_LIMITS.maxFilesPerUpload *
    Math.max(UPLOAD_LIMITS.proposalFormBytes, UPLOAD_LIMITS.detailDialogBytes),
);

/** '45s', '2m', '600' (seconds) -> seconds, as Docker, systemd and nginx write them. */
function seconds(value: string): number {
  const match = /^(\d+)\s*(ms|s|m|min|h)?$/.exec(value.trim());
  if (!match) throw new Error(`not a duration: ${value}`);
  const amount = Number(match[1]);
  const unit = match[2] ?? 's';
  return unit === 'ms'
    ? amount / 1000
    : unit === 'h'
      ? amount * 3600
      : unit.startsWith('m')
        ? amount * 60
        : amount;
}

/** nginx sizes: 210m, 1g, 512k. */
function nginxBytes(value: string): number {
  const match = /^(\d+)([kmg]?)$/i.exec(value.trim());
  if (!match) throw new Error(`not an nginx size: ${value}`);
  const factor = { '': 1, k: 1024, m: MB, g: 1024 * MB }[match[2]?.toLowerCase() ?? ''] ?? 1;
  return Number(match[1]) * factor;
}

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  /** Instructions with their continuation lines joined, comments left out. */
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.startsWith('FROM '));
  const runtime = instructions.slice(stages.at(-1)?.index ?? 0);
  const env = Object.fromEntries(
    runtime
      .filter((line) => line.startsWith('ENV '))
      .flatMap((line) => [...line.slice(4).matchAll(/(\w+)=(\S+)/g)].map((match) => [match[1], match[2]])),
  );

  it('passes dockerfilelint', () => {
    expect(dockerfilelint(REPO_ROOT, dockerfile)).toEqual([]);
  });

  it('builds in a node:20-bookworm-slim stage and runs in another, as a user that is not root', () => {
    expect(stages.map(({ line }) => line)).toEqual([
      'FROM node:20-bookworm-slim AS build',
      'FROM node:20-bookworm-slim AS runtime',
    ]);
    expect(instructions).toContain('RUN npm run build');
    expect(rootPackage.scripts.build).toBeDefined();
    const user = runtime.filter((line) => line.startsWith('USER '));
    expect(user).toEqual(['USER node']);
    expect(runtime.indexOf('USER node')).toBeLessThan(runtime.findIndex((line) => line.startsWith('CMD ')));
  });

  it("copies every workspace's package.json before npm ci in both stages (npm ci refuses a missing one)", () => {
    for (const stage of [0, 1]) {
      const start = stages[stage]?.index ?? 0;
      const end = stages[stage + 1]?.index ?? instructions.length;
      const lines = instructions.slice(start, end);
      const install = lines.findIndex((line) => line.includes('npm ci'));
      expect(install).toBeGreaterThan(0);
      for (const workspace of rootPackage.workspaces) {
        expect(lines.slice(0, install), workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`);
      }
    }
  });

  it('runs the server bundle in production with the web build and the files it reads from src/', () => {
    expect(env.NODE_ENV).toBe('production');
    expect(runtime.at(-1)).toBe('CMD ["node", "apps/server/dist/main.js"]');
    for (const copied of ['apps/server/dist', 'apps/server/src', 'apps/web/dist', 'packages/shared']) {
      expect(runtime).toContain(`COPY --from=build /app/${copied} ./${copied}`);
    }
    // WEB_DIST_DIR's default is <repo>/apps/web/dist: the image's /app is the repository's root.
    expect(path.relative(REPO_ROOT, DEFAULTS.WEB_DIST_DIR)).toBe('apps/web/dist');
    expect(instructions).toContain('WORKDIR /app');
  });

  it('keeps DATA_DIR on a volume, exposes PORT and checks liveness on /api/health', () => {
    expect(env.DATA_DIR).toBe('/data');
    expect(runtime).toContain('VOLUME ["/data"]');
    expect(runtime).toContain(`EXPOSE ${env.PORT}`);
    const healthcheck = runtime.find((line) => line.startsWith('HEALTHCHECK '));
    expect(healthcheck).toContain('/api/health');
  });

  it('leaves installs, builds and data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '**/dist', 'data', '.env']) expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const compose = parseYaml(read('compose.yaml')) as {
    services: Record<
      string,
      {
        environment?: Record<string, string>;
        volumes?: string[];
        ports?: string[];
        image?: string;
        profiles?: string[];
        stop_grace_period?: string;
        depends_on?: Record<string, { condition: string }>;
      }
    >;
  };
  const { app, postgres, minio } = compose.services;

  it('has the app, PostgreSQL and (for S3, behind a profile) MinIO', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'minio', 'postgres']);
    expect(postgres?.image).toMatch(/^postgres:15/);
    expect(minio?.image).toMatch(/^minio\/minio:/);
    expect(minio?.profiles).toEqual(['s3']);
    expect(app?.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('sets only variables the server reads, each a valid value', () => {
    const environment = app?.environment ?? {};
    const unknown = Object.keys(environment).filter((name) => !(CONFIG_VARIABLES as string[]).includes(name));
    expect(unknown).toEqual([]);
    // The values as the server would read them, with the .env placeholders filled.
    const filled = Object.fromEntries(
      Object.entries(environment).map(([name, value]) => [
        name,
        String(value).replace(/\$\{(\w+)[^}]*\}/g, (_all, variable: string) =>
          variable === 'POSTGRES_PASSWORD' ? 'geheim' : variable === 'METRICS_TOKEN' ? 'm'.repeat(32) : '',
        ),
      ]),
    );
    expect(() => loadConfig(filled)).not.toThrow();
  });

  it("points DATABASE_URL at the postgres service's database and user", () => {
    const url = new URL(
      String(app?.environment?.DATABASE_URL).replace(/\$\{POSTGRES_PASSWORD[^}]*\}/, 'geheim'),
    );
    expect(url.hostname).toBe('postgres');
    expect(url.port).toBe('5432');
    expect(url.username).toBe(postgres?.environment?.POSTGRES_USER);
    expect(url.pathname).toBe(`/${postgres?.environment?.POSTGRES_DB}`);
    expect(postgres?.environment?.POSTGRES_PASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD/);
  });

  it("mounts a volume on the image's DATA_DIR, publishes PORT on localhost, outwaits SHUTDOWN_TIMEOUT", () => {
    expect(app?.volumes).toContain('app-data:/data');
    expect(app?.ports).toEqual([`127.0.0.1:${DEFAULTS.PORT}:${DEFAULTS.PORT}`]);
    const shutdown = loadConfig({
      SHUTDOWN_TIMEOUT: app?.environment?.SHUTDOWN_TIMEOUT ?? '',
    }).SHUTDOWN_TIMEOUT;
    expect(seconds(app?.stop_grace_period ?? '10s')).toBeGreaterThan(shutdown);
  });
});

describe('docs/deploy.md', () => {
  const deploy = read('docs/deploy.md');
  /** The fenced blocks of one language. */
  const blocks = (language: string) =>
    [...deploy.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))].map(
      (match) => match[1] ?? '',
    );

  it('lists every variable the server reads in its one configuration table, and none it does not', () => {
    const table = deploy.slice(deploy.indexOf('## Configuration'));
    const rows = table
      .slice(0, table.indexOf('\n## ', 3))
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const named = rows.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([A-Z_][A-Z0-9_]*)`/g)].map((match) => match[1]),
    );
    expect(CONFIG_VARIABLES.filter((name) => !named.includes(name))).toEqual([]);
    expect(named.filter((name) => !(CONFIG_VARIABLES as string[]).includes(name as string))).toEqual([]);
  });

  it('gives nginx room for the largest upload, long timeouts, and passes the request id', () => {
    const [nginx = ''] = blocks('nginx');
    const directive = (name: string) => new RegExp(`^\\s*${name}\\s+([^;]+);`, 'm').exec(nginx)?.[1] ?? '';
    expect(nginxBytes(directive('client_max_body_size'))).toBeGreaterThanOrEqual(LARGEST_UPLOAD_BYTES + MB);
    for (const timeout of ['proxy_read_timeout', 'proxy_send_timeout', 'client_body_timeout']) {
      expect(seconds(directive(timeout)), timeout).toBeGreaterThanOrEqual(300);
    }
    expect(nginx).toMatch(/proxy_set_header\s+X-Request-Id\s+\$request_id;/);
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$proxy_add_x_forwarded_for;/);
    expect(nginx).toMatch(/ssl_certificate\s/);
    expect(nginx).toMatch(new RegExp(`proxy_pass\\s+http://127\\.0\\.0\\.1:${DEFAULTS.PORT}`));
  });

  it('logs no media token: every access log uses a format of the path without its query', () => {
    for (const nginx of blocks('nginx')) {
      const formats = new Map(
        [...nginx.matchAll(/^\s*log_format\s+(\S+)\s+((?:'[^']*'\s*)+);/gm)].map((match) => [
          match[1],
          [...(match[2] ?? '').matchAll(/'([^']*)'/g)].map((part) => part[1]).join(''),
        ]),
      );
      for (const format of formats.values()) {
        // The variables that carry the query string (and with it ?token=, spec §7).
        expect(format).not.toMatch(/\$(request|request_uri|args|query_string|arg_token)\b/);
        expect(format).toContain('$uri');
      }
      for (const [, target, format] of nginx.matchAll(/^\s*access_log\s+(\S+)\s*(\S*?);/gm)) {
        if (target === 'off') continue;
        // Without a named format nginx uses `combined`, whose "$request" holds the query.
        expect(formats.has(format ?? ''), `access_log ${target} ${format}`).toBe(true);
      }
    }
    expect(blocks('nginx')[0]).toMatch(/access_log\s+\S+\s+eusulan;/);
  });

  it('runs the bundle under systemd as its own user, and waits out SHUTDOWN_TIMEOUT before killing', () => {
    const unit = blocks('ini').find((block) => block.includes('ExecStart=')) ?? '';
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1] ?? '';
    expect(setting('ExecStart')).toMatch(/^\/usr\/bin\/node \S+\/apps\/server\/dist\/main\.js$/);
    expect(unit).toMatch(/^Environment=NODE_ENV=production$/m);
    expect(setting('User')).not.toMatch(/^(root)?$/);
    expect(seconds(setting('TimeoutStopSec'))).toBeGreaterThan(DEFAULTS.SHUTDOWN_TIMEOUT);
    // The backup timer's service runs the backup script that exists.
    expect(rootPackage.scripts.backup).toBeDefined();
    expect(blocks('ini').some((block) => block.includes('npm run backup'))).toBe(true);
  });
});
