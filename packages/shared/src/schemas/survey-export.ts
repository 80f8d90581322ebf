import { requiredId } from './master.ts';
import { isoDate } from './proposal.ts';
import { z } from './zod.ts';

/** Report export (spec §5, §8): the /report form's checks and the server's answers. */
export const SURVEY_EXPORT_MESSAGES = {
  startDate: 'Tanggal awal tidak boleh kosong',
  endDate: 'Tanggal akhir tidak boleh kosong',
  districts: 'Pilih minimal 1 rayon',
  dateRange: 'Tanggal awal tidak boleh lebih besar dari tanggal akhir.',
  option: 'Opsi export harus all, .xlsx atau foto.',
  noData: 'Data tidak ditemukan!',
  ownSurveysOnly: 'Konsultan hanya dapat mengekspor hasil survey miliknya sendiri.',
  ownDistrictOnly: 'Konsultan internal hanya dapat mengekspor rayon wilayahnya sendiri.',
} as const;

/** Spec §9: 'all' (.xlsx and photos), '.xlsx', 'foto'; the labels of the Opsi Export select. */
export const SURVEY_EXPORT_OPTIONS = {
  all: 'Semua (.xlsx dan foto)',
  '.xlsx': 'Excel (.xlsx)',
  foto: 'Foto',
} as const;
export type TSurveyExportOption = keyof typeof SURVEY_EXPORT_OPTIONS;
const OPTION_KEYS = Object.keys(SURVEY_EXPORT_OPTIONS) as [TSurveyExportOption, ...TSurveyExportOption[]];

/** The saved names (spec §7): the workbook alone, or a zip for the photos and for both. */
export const surveyExportFileName = (option: TSurveyExportOption) =>
  option === '.xlsx' ? 'Hasil Survey.xlsx' : 'Hasil Survey.zip';

/** POST export: a range of survey dates, the Rayon (districts), the option; consultantId for consultan. */
export const ZSurveyExport = z
  .object({
    startDate: isoDate(SURVEY_EXPORT_MESSAGES.startDate),
    endDate: isoDate(SURVEY_EXPORT_MESSAGES.endDate),
    districtId: z
      .array(requiredId(SURVEY_EXPORT_MESSAGES.districts), { error: SURVEY_EXPORT_MESSAGES.districts })
      .min(1, { error: SURVEY_EXPORT_MESSAGES.districts })
      .max(100, { error: SURVEY_EXPORT_MESSAGES.districts }),
    option: z.enum(OPTION_KEYS, { error: SURVEY_EXPORT_MESSAGES.option }),
    consultantId: requiredId('Konsultan tidak valid.').optional(),
  })
  .refine((value) => value.startDate <= value.endDate, {
    error: SURVEY_EXPORT_MESSAGES.dateRange,
    path: ['startDate'],
  });
export type TSurveyExportInput = z.input<typeof ZSurveyExport>;
export type TSurveyExport = z.output<typeof ZSurveyExport>;
