import { formatBytes } from '@eusulan/shared';
import { BackupError } from './backup-manifest.ts';
import { cliArguments, cliConfig, fromUserCwd, runCli } from './cli-support.ts';
import { restoreBackup } from './restore-backup.ts';

const USAGE = 'Pemakaian: npm run restore -- <berkas-cadangan.tar.gz> [--force]';

/** npm run restore: the database and stored files of one archive, in place of the configured ones. */
runCli(async () => {
  const { values, positionals } = cliArguments(
    { options: { force: { type: 'boolean' } }, allowPositionals: true },
    USAGE,
  );
  if (positionals.length !== 1) throw new BackupError(`Sebutkan satu berkas cadangan.\n${USAGE}`);
  const config = cliConfig();
  const archivePath = fromUserCwd(positionals[0] as string);
  const startedAt = performance.now();
  const { manifest, replacedExisting } = await restoreBackup(config, { archivePath, force: values.force });
  const rows = Object.values(manifest.database.rowCounts).reduce((sum, count) => sum + count, 0);
  const filesSize = manifest.files.reduce((sum, file) => sum + file.size, 0);
  const target = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `${config.DATA_DIR}/db`;
  console.log(
    [
      `Cadangan ${archivePath} dipulihkan${replacedExisting ? ', menggantikan data sebelumnya' : ''} (${Math.round(performance.now() - startedAt)} ms)`,
      `  database: ${target}, ${rows} baris di ${Object.keys(manifest.database.rowCounts).length} tabel, migrasi ${manifest.database.migrations.latestTag}`,
      `  berkas: ${manifest.files.length} (${formatBytes(filesSize)}) di ${config.DATA_DIR}/files`,
      '  Nyalakan server seperti biasa (npm start); migrasi yang lebih baru dijalankan saat itu.',
    ].join('\n'),
  );
});
