import { randomUUID } from 'node:crypto';
import {
  DEFAULT_LETTER_NUMBER_FORMAT,
  DEFAULT_LETTER_SIFAT,
  type TOfficeSettingsValues,
} from '@eusulan/shared';
import type { Database, Db } from '../../db/client.ts';
import { officeSettings } from '../../db/schema/index.ts';
import { notFound } from '../../lib/http-error.ts';
import { assertFresh, lockRowVersion } from '../../lib/row-version.ts';
import type { UploadedFile } from '../../lib/uploads.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/storage.queries.ts';
import { insertAuditEvents } from '../audit/audit.queries.ts';
import { changedValues } from '../audit/audit.service.ts';
import { auditedSettings } from './office-settings.presenter.ts';
import * as queries from './office-settings.queries.ts';

interface Deps {
  db: Database;
  storage: FileStorage;
}

/**
 * One change of the settings under the row's lock, with its audit record in the same transaction. The row is
 * made with the defaults first, so the first save has something to lock and its record shows what changed.
 */
async function changeSettings(
  db: Database,
  auth: AuthContext,
  expected: string[] | undefined,
  work: (tx: Db, before: queries.OfficeSettingsRow) => Promise<void>,
) {
  return db.transaction(async (tx) => {
    await queries.ensureOfficeSettings(tx, {
      letterNumberFormat: DEFAULT_LETTER_NUMBER_FORMAT,
      sifat: DEFAULT_LETTER_SIFAT,
    });
    const updatedAt = await lockRowVersion(tx, officeSettings, queries.SETTINGS_ID);
    if (!updatedAt) throw notFound();
    assertFresh(updatedAt, expected);
    const before = await queries.findOfficeSettings(tx);
    if (!before) throw notFound();
    await work(tx, before);
    const after = await queries.findOfficeSettings(tx);
    const change = changedValues(auditedSettings(before), auditedSettings(after));
    if (change) {
      await insertAuditEvents(tx, auth.userId, [
        { entity: 'office-settings', entityId: queries.SETTINGS_ID, action: 'update', ...change },
      ]);
    }
    if (!after) throw notFound();
    return { before, after };
  });
}

/** Saves the letter number format and the Sifat (Pengaturan Surat); admins only (the route). */
export async function saveOfficeSettings(
  db: Database,
  auth: AuthContext,
  values: TOfficeSettingsValues,
  expected: string[] | undefined,
) {
  const { after } = await changeSettings(db, auth, expected, (tx) =>
    queries.updateOfficeSettings(tx, values, auth.userId),
  );
  return after;
}

/** Puts a new crest on the letterhead; the one it replaces is deleted once the change has committed. */
export async function replaceCrest(deps: Deps, auth: AuthContext, file: UploadedFile) {
  let placedKey: string | null = null;
  try {
    const { before, after } = await changeSettings(deps.db, auth, undefined, async (tx) => {
      const key = `office/crest-${randomUUID()}.${file.ext}`;
      await holdFilePlacementLock(tx);
      await deps.storage.putFile(key, file.tempPath);
      placedKey = key;
      await queries.updateOfficeSettings(
        tx,
        { crestStorageKey: key, crestName: file.name, crestMimeType: file.mimeType },
        auth.userId,
      );
    });
    if (before.crestStorageKey) await deps.storage.remove(before.crestStorageKey).catch(() => undefined);
    return after;
  } catch (error) {
    if (placedKey) await deps.storage.remove(placedKey).catch(() => undefined);
    throw error;
  }
}

/** Back to the app's own mark on the letterhead. */
export async function removeCrest(deps: Deps, auth: AuthContext) {
  const { before, after } = await changeSettings(deps.db, auth, undefined, (tx) =>
    queries.updateOfficeSettings(
      tx,
      { crestStorageKey: null, crestName: null, crestMimeType: null },
      auth.userId,
    ),
  );
  if (before.crestStorageKey) await deps.storage.remove(before.crestStorageKey).catch(() => undefined);
  return after;
}
