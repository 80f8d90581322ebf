import { z } from 'zod';
import { requiredId } from './master.ts';

/** Survey capture (DESIGN §4; issue 5): the draft a consultant saves, its media and the submit rules. */
export const SURVEY_MESSAGES = {
  latitude: 'Lintang harus angka antara -90 dan 90.',
  longitude: 'Bujur harus angka antara -180 dan 180.',
  asbItem: 'Pilih item ASB.',
  long: 'Panjang harus angka 0 sampai 100.000 meter.',
  wide: 'Lebar harus angka 0 sampai 1.000 meter.',
  roadType: 'Jenis pekerjaan tidak valid.',
  unknownRoadType: 'Jenis pekerjaan tidak ditemukan atau tidak aktif.',
  unknownAsb: 'Item ASB tidak ditemukan atau tidak aktif.',
  photoCategory: 'Kategori foto tidak boleh kosong!',
  unknownPhotoCategory: 'Kategori foto tidak ditemukan atau tidak aktif.',
  needRoad: 'Gambar minimal satu ruas jalan pada peta.',
  needAsb: 'Isi minimal satu item ASB (panjang dan lebar) pada ruas jalan.',
  needPhoto: 'Unggah minimal satu foto.',
  fileRequired: 'Pilih file terlebih dahulu!',
  notSurveyable: 'Usulan ini belum diverifikasi atau sudah selesai, sehingga tidak dapat disurvey.',
  noDraft: 'Belum ada draft survey untuk usulan ini.',
  textTooLong: 'Teks terlalu panjang.',
} as const;

const latitude = z
  .number({ error: SURVEY_MESSAGES.latitude })
  .min(-90, { error: SURVEY_MESSAGES.latitude })
  .max(90, { error: SURVEY_MESSAGES.latitude });
const longitude = z
  .number({ error: SURVEY_MESSAGES.longitude })
  .min(-180, { error: SURVEY_MESSAGES.longitude })
  .max(180, { error: SURVEY_MESSAGES.longitude });

/** One drawn segment of a road line (spec §3 SurveyRoad drawLine.lokasi). */
export const ZLineSegment = z.object({
  startLat: latitude,
  startLon: longitude,
  endLat: latitude,
  endLon: longitude,
});
export type TLineSegment = z.infer<typeof ZLineSegment>;

const metres = (max: number, message: string) =>
  z.coerce
    .number({ error: message })
    .min(0, { error: message })
    .max(max, { error: message })
    .transform((value) => Math.round(value * 100) / 100);

const plainText = z.string({ error: 'Teks tidak valid.' }).max(5000, { error: SURVEY_MESSAGES.textTooLong });
const richText = z
  .string({ error: 'Teks tidak valid.' })
  .max(200_000, { error: SURVEY_MESSAGES.textTooLong });

export const ZSurveyAsbItem = z.object({
  asbSurveyorId: requiredId(SURVEY_MESSAGES.asbItem),
  long: metres(100_000, SURVEY_MESSAGES.long),
  wide: metres(1_000, SURVEY_MESSAGES.wide),
});

export const ZSurveyRoad = z.object({
  drawLine: z.object({ lokasi: z.array(ZLineSegment).max(5000) }).default({ lokasi: [] }),
  asbSurveyors: z.array(ZSurveyAsbItem).max(100).default([]),
});

/** POST /api/survey/{proposalId}: the whole draft, replacing what was saved before. */
export const ZSurveyDraft = z.object({
  roadTypes: z.array(requiredId(SURVEY_MESSAGES.roadType)).max(50).default([]),
  roadCondition: plainText.default(''),
  canalExisting: plainText.default(''),
  canalCondition: plainText.default(''),
  damageIdentification: richText.default(''),
  suggestion: richText.default(''),
  surveyRoad: z.array(ZSurveyRoad).max(50).default([]),
});
export type TSurveyDraftInput = z.input<typeof ZSurveyDraft>;
export type TSurveyDraft = z.output<typeof ZSurveyDraft>;

/** Cost of one ASB item: length × width × unit price (spec §9), in Rupiah to two decimals. */
export const asbItemCost = (long: number, wide: number, unitPrice: number) =>
  Math.round(long * wide * unitPrice * 100) / 100;
