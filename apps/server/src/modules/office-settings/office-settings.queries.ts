import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { officeSettings } from '../../db/schema/index.ts';

/** The one row of the office's letter settings. */
export const SETTINGS_ID = 1;

export type OfficeSettingsRow = typeof officeSettings.$inferSelect;

/** The saved settings; null until an admin first saves them (the defaults apply then). */
export async function findOfficeSettings(db: Db): Promise<OfficeSettingsRow | null> {
  const [row] = await db.select().from(officeSettings).where(eq(officeSettings.id, SETTINGS_ID));
  return row ?? null;
}

/** Makes the row with the given values when there is none, so a first save has a row to lock. */
export async function ensureOfficeSettings(
  tx: Db,
  defaults: Pick<OfficeSettingsRow, 'letterNumberFormat' | 'sifat'>,
) {
  await tx
    .insert(officeSettings)
    .values({ id: SETTINGS_ID, ...defaults })
    .onConflictDoNothing({ target: officeSettings.id });
}

export async function updateOfficeSettings(
  tx: Db,
  values: Partial<
    Pick<
      OfficeSettingsRow,
      'letterNumberFormat' | 'sifat' | 'crestStorageKey' | 'crestName' | 'crestMimeType'
    >
  >,
  updatedById: number,
) {
  await tx
    .update(officeSettings)
    .set({ ...values, updatedById, updatedAt: sql`now()` })
    .where(eq(officeSettings.id, SETTINGS_ID));
}
