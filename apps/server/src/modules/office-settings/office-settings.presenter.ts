import {
  DEFAULT_LETTER_NUMBER_FORMAT,
  DEFAULT_LETTER_SIFAT,
  type TLetterSifat,
  type TOfficeSettings,
} from '@eusulan/shared';
import { versionOf } from '../../lib/row-version.ts';
import type { OfficeSettingsRow } from './office-settings.queries.ts';

/** Where the uploaded crest is served (with ?token=, as media are); the version keeps a browser from an old one. */
export const CREST_PATH = '/api-web/office-settings/crest';

export const crestUrlOf = (row: OfficeSettingsRow | null) =>
  row?.crestStorageKey ? `${CREST_PATH}?v=${row.updatedAt.getTime()}` : null;

/** The settings as the admin screen and the report read them; the defaults until the first save. */
export function presentOfficeSettings(row: OfficeSettingsRow | null): TOfficeSettings {
  return {
    letterNumberFormat: row?.letterNumberFormat ?? DEFAULT_LETTER_NUMBER_FORMAT,
    sifat: (row?.sifat as TLetterSifat | undefined) ?? DEFAULT_LETTER_SIFAT,
    crestUrl: crestUrlOf(row),
    crestName: row?.crestName ?? null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
    version: row ? versionOf(row.updatedAt) : null,
  };
}

/** What the audit trail records of the settings: the values an admin sees, the crest by its file name. */
export const auditedSettings = (row: OfficeSettingsRow | null) =>
  row && {
    letterNumberFormat: row.letterNumberFormat,
    sifat: row.sifat,
    crestName: row.crestName ?? 'Logo aplikasi',
  };
