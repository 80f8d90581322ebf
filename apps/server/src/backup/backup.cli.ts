import path from 'node:path';
import { formatBytes } from '@eusulan/shared';
import { cliArguments, cliConfig, fromUserCwd, runCli } from './cli-support.ts';
import { createBackup } from './create-backup.ts';

const USAGE = 'Pemakaian: npm run backup [-- --out <folder>]';

/** npm run backup: one archive of the database and the stored files (create-backup.ts). */
runCli(async () => {
  const { values } = cliArguments({ options: { out: { type: 'string', short: 'o' } } }, USAGE);
  const config = cliConfig();
  const outDir = values.out
    ? fromUserCwd(values.out)
    : config.BACKUP_DIR
      ? fromUserCwd(config.BACKUP_DIR)
      : path.join(config.DATA_DIR, 'backups');
  const startedAt = performance.now();
  const { archivePath, archiveSize, manifest } = await createBackup(config, { outDir });
  const { database, files } = manifest;
  const rows = Object.values(database.rowCounts).reduce((sum, count) => sum + count, 0);
  const filesSize = files.reduce((sum, file) => sum + file.size, 0);
  const lines = [
    `Cadangan dibuat: ${archivePath} (${formatBytes(archiveSize)}, ${Math.round(performance.now() - startedAt)} ms)`,
    `  database: ${database.engine}, migrasi ${database.migrations.latestTag}, ${rows} baris di ${Object.keys(database.rowCounts).length} tabel`,
    `  berkas: ${files.length} (${formatBytes(filesSize)})`,
  ];
  if (manifest.missingFiles.length) {
    lines.push(
      `  Peringatan: ${manifest.missingFiles.length} berkas yang disebut database tidak ada di penyimpanan: ${manifest.missingFiles.slice(0, 5).join(', ')}`,
    );
  }
  lines.push('  Simpan salinannya di luar mesin ini (disk lain atau penyimpanan kantor).');
  console.log(lines.join('\n'));
});
