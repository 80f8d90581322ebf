import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { prepareDatabase } from './db/bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolMax: config.DATABASE_POOL_MAX,
  });
  const { generatedAdminPassword } = await prepareDatabase(database, config);
  const app = await buildApp(config, database);
  if (config.CAPTCHA_PROVIDER === 'none') {
    app.log.warn(
      'CAPTCHA_PROVIDER=none: login tanpa bot-check. Hanya untuk pengujian dan pengembangan lokal!',
    );
  }

  let closing = false;
  /**
   * Graceful shutdown: stop accepting connections, let the requests in flight finish (an import,
   * an export) for up to SHUTDOWN_TIMEOUT, run the onClose hooks (where background jobs will stop), then
   * close the database so the embedded one needs no recovery at the next start.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const deadlineMs = config.SHUTDOWN_TIMEOUT * 1000;
    app.log.info(
      `${signal} diterima: tidak menerima koneksi baru, menunggu permintaan yang berjalan (paling lama ${config.SHUTDOWN_TIMEOUT} detik)...`,
    );
    // Past the deadline the requests still running are cut off, so the database still closes cleanly.
    const cutOff = setTimeout(() => {
      app.log.warn('Batas waktu berhenti terlampaui: permintaan yang masih berjalan diputus.');
      app.server.closeAllConnections();
    }, deadlineMs).unref();
    // The last resort, should closing itself hang.
    const forceExit = setTimeout(() => process.exit(1), deadlineMs + 10_000).unref();
    // Node closes idle keep-alive connections once, when closing starts; one whose request finishes later
    // would hold the close up until its keep-alive timeout, so they are swept until the server is closed.
    const sweep = setInterval(() => app.server.closeIdleConnections(), 200);
    try {
      await app.close();
      clearInterval(sweep);
      clearTimeout(cutOff);
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'Gagal menutup server dengan rapi.');
      process.exit(1);
    }
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
