import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const { generatedAdminPassword } = await prepareDatabase(database, config);
  const app = await buildApp(config, database);
  if (config.CAPTCHA_PROVIDER === 'none') {
    app.log.warn(
      'CAPTCHA_PROVIDER=none: login tanpa bot-check. Hanya untuk pengujian dan pengembangan lokal!',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} diterima, menutup server...`);
    const forceExit = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await database.close();
    clearTimeout(forceExit);
    process.exit(0);
  };
  // SIGHUP too: a closed terminal then also shuts the embedded database down cleanly, instead of leaving it
  // to crash recovery at the next start.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
    process.on(signal, () => void shutdown(signal));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = `http://localhost:${port}`;
  const lines = [
    `e-Usulan Jalan berjalan di ${url} (database: ${database.kind === 'pglite' ? `PGlite di ${config.DATA_DIR}` : 'PostgreSQL'}; siap dalam ${Math.round(performance.now() - startedAt)} ms)`,
  ];
  if (generatedAdminPassword) {
    lines.push(
      `Akun admin dibuat: username "${config.ADMIN_USERNAME}", password "${generatedAdminPassword}"`,
      'Password ini hanya ditampilkan sekali dan wajib diganti saat login pertama.',
    );
  }
  if (config.DEMO)
    lines.push(
      `Pengguna demo: konsultan1, konsultan2, struktural1, umum1 (password: ${config.DEMO_PASSWORD})`,
    );
  console.log(`\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Gagal menjalankan server:', error);
  }
  process.exit(1);
});
