import { loadConfig } from '../../config.ts';
import { prepareDatabase } from '../bootstrap.ts';
import { openDatabase } from '../client.ts';

/** npm run seed:demo: loads the demo set into the configured database (idempotent). */
const config = loadConfig({ ...process.env, DEMO: '1' });
const handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await prepareDatabase(handle, config);
  console.log(`Data demo dimuat ke ${handle.kind === 'pglite' ? config.DATA_DIR : 'PostgreSQL'}.`);
  console.log(
    `Pengguna demo: konsultan1, konsultan2, struktural1, umum1 (password: ${config.DEMO_PASSWORD}).`,
  );
} finally {
  await handle.close();
}
