import { MAX_RECORD_ID } from './record-id.ts';
import { z } from './zod.ts';

/**
 * The maps dashboard (spec §2 Maps dashboard, §7 GET dashboard, dashboard/completed-work, dashboard/export):
 * its filters, file names and the compact geometry encoding.
 */
const DASHBOARD_MESSAGES = {
  year: 'Tahun harus 4 digit.',
  typeWork: 'Jenis pekerjaan harus berupa id.',
  location: 'Lokasi maksimal 200 karakter.',
  tooMany: 'Terlalu banyak pilihan filter (maksimal 500).',
  exportType: 'Tipe export harus pdf atau excel.',
  format: 'Format harus encoded, atau dikosongkan untuk bentuk spesifikasi.',
} as const;

/**
 * The layers' compact form, asked for with `format=encoded` (our web's map); without it the layers answer
 * the spec's §3 shapes, so a client written from the spec works unchanged.
 */
export const DASHBOARD_ENCODED_FORMAT = 'encoded';
const layerFormat = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.enum([DASHBOARD_ENCODED_FORMAT], { error: DASHBOARD_MESSAGES.format }).optional(),
);

/**
 * Lines travel as Google encoded polylines at this precision (1e-5 degree, about 1.1 m: a line's width at
 * the map's closest zoom). At 1e-6 the sixth digit is survey and GPS noise, which no compressor
 * can shrink; dropping it makes the completed-work layer ~40% smaller on the wire.
 */
export const DASHBOARD_POLYLINE_PRECISION = 5;
/** Completed works of a type without a colour, and every proposal line (spec §2, §9: red). */
export const DASHBOARD_DEFAULT_COLOR = '#ff0000';

const DASHBOARD_EXPORT_TYPES = ['pdf', 'excel'] as const;
export type TDashboardExportType = (typeof DASHBOARD_EXPORT_TYPES)[number];
/** Spec §7: the blob is saved under exactly these names. */
export const DASHBOARD_EXPORT_FILE_NAMES: Record<TDashboardExportType, string> = {
  pdf: 'Export Dashboard.pdf',
  excel: 'Export Dashboard.xlsx',
};
export const DASHBOARD_EXPORT_SHEETS = { proposals: 'Usulan', completedWorks: 'Pekerjaan Selesai' } as const;

const MAX_CHOICES = 500;

/**
 * A filter list from a query string: repeated (`year=2024&year=2025`), bracketed (`year[]=2024`) or
 * comma-separated (`year=2024,2025`). Absent means "no filter" (undefined); present but empty (`year=`)
 * means "nothing chosen" (an empty list, so nothing matches).
 */
function choiceList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    if (value === undefined || value === null) return undefined;
    const raw = Array.isArray(value) ? value : [value];
    return raw
      .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
      .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
      .filter((entry) => entry !== '');
  }, z.array(item).max(MAX_CHOICES, { error: DASHBOARD_MESSAGES.tooMany }).optional());
}

const yearItem = z
  .string({ error: DASHBOARD_MESSAGES.year })
  .regex(/^\d{4}$/, { error: DASHBOARD_MESSAGES.year })
  .transform(Number);
const idItem = z
  .string({ error: DASHBOARD_MESSAGES.typeWork })
  .regex(/^[1-9]\d{0,9}$/, { error: DASHBOARD_MESSAGES.typeWork })
  .transform(Number)
  .refine((id) => id <= MAX_RECORD_ID, { error: DASHBOARD_MESSAGES.typeWork });
const locationItem = z.string().max(200, { error: DASHBOARD_MESSAGES.location });

const yearChoices = choiceList(yearItem);
const idChoices = choiceList(idItem);
/**
 * Locations are the lokasi names of `select-list/location` (that list answers names, not ids), matched
 * exactly; commas are not split for them, since a lokasi name may hold one.
 */
const locationChoices = z.preprocess((value) => {
  if (value === undefined || value === null) return undefined;
  return (Array.isArray(value) ? value : [value])
    .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
    .filter((entry) => entry !== '');
}, z.array(locationItem).max(MAX_CHOICES, { error: DASHBOARD_MESSAGES.tooMany }).optional());

/** Merges `name[]` into `name`, so both spellings of a repeated query parameter work. */
export function mergeBracketedKeys(query: unknown): Record<string, unknown> {
  if (!query || typeof query !== 'object') return {};
  const merged: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const values = Array.isArray(value) ? value : [value];
    const existing = merged[name];
    merged[name] =
      existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), ...values];
  }
  return merged;
}

/** GET dashboard: year (list) of the proposal date; format=encoded for the compact form. */
export const ZDashboardQuery = z.object({ year: yearChoices, format: layerFormat });

/** GET dashboard/completed-work: year (list), location (lokasi names), type_work (type-work-color ids). */
export const ZDashboardCompletedWorkQuery = z.object({
  year: yearChoices,
  location: locationChoices,
  type_work: idChoices,
  format: layerFormat,
});

/** GET dashboard/export: the type and the four filters of the page. */
export const ZDashboardExportQuery = z.object({
  type: z.enum(DASHBOARD_EXPORT_TYPES, { error: DASHBOARD_MESSAGES.exportType }),
  proposal_year: yearChoices,
  completed_work_year: yearChoices,
  completed_work_location: locationChoices,
  completed_work_type_work: idChoices,
});

/** GET dashboard/search ('Cari Jalan...'): roads, proposals and completed works of our own data. */
export const ZDashboardSearchQuery = z.object({
  search: z.string().trim().min(1).max(200).meta({ title: 'Pencarian' }),
  limit: z.coerce.number().int().min(1).max(50).meta({ title: 'Jumlah hasil' }).default(15),
});
