import type { AppConfig } from '../config.ts';
import { createFileStorage } from '../storage/create-file-storage.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import type { DatabaseHandle } from './client.ts';
import { fillEncodedLines } from './fill-encoded-lines.ts';
import { ensureAdmin } from './seed/admin.ts';
import { seedDemo } from './seed/demo.ts';
import { ensureRoles } from './seed/roles.ts';

/**
 * Start-up work on the database: migrations, roles, the first admin, with DEMO the demo set, and the
 * dashboard's encoded lines where rows lack them. One server at a time does it (DatabaseHandle.alone); the
 * next finds it done.
 */
export function prepareDatabase(handle: DatabaseHandle, config: AppConfig, storage?: FileStorage) {
  return handle.alone(() => prepareAlone(handle, config, storage));
}

async function prepareAlone(handle: DatabaseHandle, config: AppConfig, storage?: FileStorage) {
  await handle.migrate();
  await ensureRoles(handle.db);
  const admin = await ensureAdmin(handle.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  if (config.DEMO) await seedDemo(handle.db, config.DEMO_PASSWORD, storage ?? createFileStorage(config));
  await fillEncodedLines(handle.db);
  return { generatedAdminPassword: admin.created ? admin.generatedPassword : undefined };
}
