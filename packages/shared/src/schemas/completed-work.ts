import { MB, UPLOAD_LIMITS } from '../limits.ts';
import { PROPOSAL_MESSAGES } from '../messages/proposal.ts';
import { ZListQuery } from './list.ts';
import { blankToUndefined } from './proposal.ts';
import { recordId } from './record-id.ts';
import { z } from './zod.ts';

/**
 * Pekerjaan Selesai (spec §5 completed-work import, DESIGN §4): the import form's texts and the reasons a
 * zip is refused with (400, data.errorList), in Indonesian.
 */
export const COMPLETED_WORK_MESSAGES = {
  fileRequired: PROPOSAL_MESSAGES.importFileRequired,
  fileType: PROPOSAL_MESSAGES.fileType,
  year: 'Tahun tidak boleh kosong!',
  yearFormat: 'Tahun harus 4 digit.',
  typeWork: 'Tipe tidak boleh kosong!',
  typeWorkMissing: 'Tipe pekerjaan tidak ditemukan.',
  importFailed: 'Import gagal, tidak ada data yang disimpan. Periksa daftar kesalahan.',
  imported: 'Import data Pekerjaan Selesai',
  replaced: 'Mengganti data Pekerjaan Selesai',
  replaceMissing: 'Data yang akan diganti tidak ditemukan; muat ulang daftar.',
  deleted: 'Data berhasil dihapus',
  deleteTitle: 'Hapus Data Pekerjaan Selesai?',
} as const;

/** Limits of one imported zip: anything beyond is refused before a byte is extracted. */
export const COMPLETED_WORK_LIMITS = {
  zipBytes: UPLOAD_LIMITS.importBytes,
  maxEntries: 1000,
  maxUncompressedBytes: 500 * MB,
  /** Uncompressed : compressed of one entry; entries under ratioFloorBytes are too small to matter. */
  maxCompressionRatio: 100,
  ratioFloorBytes: MB,
  /** GeoJSON and KML are parsed whole, so they get a tighter limit than a streamed shapefile. */
  maxDocumentBytes: 64 * MB,
  maxFeatures: 100_000,
  /** Reasons and warnings listed one by one; the rest are counted in a last line. */
  maxListed: 100,
  /** PJG_LOKASI and the drawn line may differ this much (a fraction) before a warning. */
  lengthTolerance: 0.1,
} as const;

/** The attributes of DESIGN §4 (dBase names are at most 10 characters: NILAI_PAKET is stored NILAI_PAKE). */
export const COMPLETED_WORK_ATTRIBUTES = [
  'NAMA',
  'LOKASI',
  'PJG_LOKASI',
  'PJG_PAKET',
  'NILAI_LOK',
  'NILAI_PAKET',
] as const;

/** The template the import modal offers (served without sign-in: it holds only example data). */
export const COMPLETED_WORK_TEMPLATE = {
  url: '/api/completed-work/template',
  fileName: 'format-pekerjaan-selesai.zip',
} as const;

const year = (requiredMessage: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : value),
    z
      .union([z.string(), z.number()], { error: requiredMessage })
      .transform((value) => String(value))
      .refine((value) => value !== '', { error: requiredMessage, abort: true })
      .refine((value) => /^\d{4}$/.test(value), { error: COMPLETED_WORK_MESSAGES.yearFormat, abort: true })
      .transform(Number)
      .refine((value) => value >= 1900 && value <= 2999, { error: COMPLETED_WORK_MESSAGES.yearFormat }),
  );

/** POST completed-work (multipart year, type_work_id, file): the text fields. */
export const ZCompletedWorkImport = z.object({
  year: year(COMPLETED_WORK_MESSAGES.year),
  // A Warna Jenis Pekerjaan record: its typeWork is the Jenis of the list and its colour draws the lines.
  type_work_id: z.preprocess(
    (value) => (value === '' || value === null || value === 'null' ? undefined : value),
    recordId(COMPLETED_WORK_MESSAGES.typeWork),
  ),
  /** An import this file replaces in the same transaction (our web's 'Ganti File'); absent for a new one. */
  replace_id: z.preprocess(
    (value) => (value === '' || value === null || value === 'null' ? undefined : value),
    recordId(COMPLETED_WORK_MESSAGES.replaceMissing).optional(),
  ),
});
export type TCompletedWorkImport = z.output<typeof ZCompletedWorkImport>;

/** GET completed-work: the paged list with an optional year (the 'Semua Tahun' picker). */
export const ZCompletedWorkListQuery = z.object({
  ...ZListQuery.shape,
  year: z.preprocess(blankToUndefined, year(COMPLETED_WORK_MESSAGES.yearFormat).optional()),
});
