import { spawn } from 'node:child_process';
import { BackupError } from './backup-manifest.ts';

/**
 * Runs pg_dump, pg_restore or psql against a database URL. The password travels in PGPASSWORD rather than
 * on the command line, where other users of the machine could read it in the process list.
 */
export async function runPostgresTool(
  program: 'pg_dump' | 'pg_restore' | 'psql',
  args: string[],
  databaseUrl?: string,
): Promise<void> {
  const env = { ...process.env };
  const finalArgs = [...args];
  if (databaseUrl) {
    const url = new URL(databaseUrl);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    finalArgs.push(`--dbname=${url.toString()}`);
  }
  const child = spawn(program, finalArgs, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') {
      throw new BackupError(
        `${program} tidak ditemukan. Pasang klien PostgreSQL (Debian/Ubuntu: apt-get install postgresql-client), ` +
          'dengan versi yang sama atau lebih baru dari server PostgreSQL-nya.',
      );
    }
    throw error;
  });
  if (code !== 0) throw new BackupError(`${program} gagal (kode ${code}): ${stderr.trim()}`);
}
