import { requiredText } from './auth.ts';
import { z } from './zod.ts';

/**
 * The office's letter settings (Pengaturan Surat): how the survey report is numbered, its Sifat and the crest
 * on its letterhead. Kept in the database and edited by an admin, unlike the agency's name (configuration).
 */

/** The placeholders a letter number format may use. */
export const LETTER_NUMBER_PLACEHOLDERS = {
  nomor: 'nomor urut surat tahun itu (1, 2, 3, ...)',
  tahun: 'tahun surat (2026)',
  bulan: 'bulan surat dalam angka Romawi (XI)',
} as const;
export type TLetterNumberPlaceholder = keyof typeof LETTER_NUMBER_PLACEHOLDERS;

/**
 * The default: classification 620 (Jalan) of the records classification, the running number, the unit code
 * of a Surabaya Dinas (436.7.x; the office sets its own), the year. docs/decisions.md, "Survey report".
 */
export const DEFAULT_LETTER_NUMBER_FORMAT = '620/{nomor}/436.7.6/{tahun}';

/** Sifat surat as Indonesian offices grade their letters; an ordinary report is 'Biasa'. */
export const LETTER_SIFAT = ['Biasa', 'Penting', 'Segera', 'Sangat Segera', 'Rahasia'] as const;
export type TLetterSifat = (typeof LETTER_SIFAT)[number];
export const DEFAULT_LETTER_SIFAT: TLetterSifat = 'Biasa';

/** The longest letter number format: a Nomor line stays on one line of the letter. */
export const LETTER_NUMBER_FORMAT_MAX = 120;

export const OFFICE_SETTINGS_MESSAGES = {
  formatRequired: 'Format nomor surat tidak boleh kosong!',
  formatTooLong: `Format nomor surat maksimal ${LETTER_NUMBER_FORMAT_MAX} karakter.`,
  formatCharacters: 'Format nomor surat hanya boleh berisi huruf, angka, spasi dan tanda . / - _ ( ) : { }.',
  formatNeedsNumber: 'Format nomor surat harus memuat {nomor}.',
  formatNeedsYear: 'Format nomor surat harus memuat {tahun}: nomor urut dimulai lagi dari 1 setiap tahun.',
  formatUnknownPlaceholder: 'Format nomor surat hanya boleh memakai penanda {nomor}, {tahun} dan {bulan}.',
  formatRepeatedNumber: 'Format nomor surat cukup memuat {nomor} satu kali.',
  sifatRequired: `Sifat surat harus salah satu dari: ${LETTER_SIFAT.join(', ')}.`,
  crestRequired: 'Pilih gambar logo terlebih dahulu!',
} as const;

const PLACEHOLDER_PATTERN = /\{([^{}]*)\}/g;

export const ZOfficeSettings = z.object({
  letterNumberFormat: requiredText(OFFICE_SETTINGS_MESSAGES.formatRequired)
    .pipe(z.string().max(LETTER_NUMBER_FORMAT_MAX, { error: OFFICE_SETTINGS_MESSAGES.formatTooLong }))
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9 ./\-_():{}]+$/, { error: OFFICE_SETTINGS_MESSAGES.formatCharacters })
        .superRefine((value, context) => {
          const names = [...value.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1]);
          const unmatchedBraces = value.replace(PLACEHOLDER_PATTERN, '').match(/[{}]/);
          if (unmatchedBraces || names.some((name) => !((name ?? '') in LETTER_NUMBER_PLACEHOLDERS))) {
            context.addIssue({ code: 'custom', message: OFFICE_SETTINGS_MESSAGES.formatUnknownPlaceholder });
            return;
          }
          const numbers = names.filter((name) => name === 'nomor').length;
          if (numbers === 0) {
            context.addIssue({ code: 'custom', message: OFFICE_SETTINGS_MESSAGES.formatNeedsNumber });
          }
          if (numbers > 1) {
            context.addIssue({ code: 'custom', message: OFFICE_SETTINGS_MESSAGES.formatRepeatedNumber });
          }
          if (!names.includes('tahun')) {
            context.addIssue({ code: 'custom', message: OFFICE_SETTINGS_MESSAGES.formatNeedsYear });
          }
        }),
    )
    .meta({ title: 'Format nomor surat' }),
  sifat: z.enum(LETTER_SIFAT, { error: OFFICE_SETTINGS_MESSAGES.sifatRequired }).meta({ title: 'Sifat' }),
});
export type TOfficeSettingsInput = z.input<typeof ZOfficeSettings>;
export type TOfficeSettingsValues = z.output<typeof ZOfficeSettings>;

/** GET/PUT office-settings: the settings, whether a crest was uploaded, and the record's version. */
export interface TOfficeSettings extends TOfficeSettingsValues {
  /** The uploaded crest's address; null: the letterhead shows the app's own mark. */
  crestUrl: string | null;
  crestName: string | null;
  updatedAt: string | null;
  version: string | null;
}

/** The letter part of a numbered survey report (POST survey-report/{surveyId}/letter). */
export interface TSurveyReportLetter {
  surveyId: number;
  /** The formatted Nomor, fixed when the report was first numbered. */
  nomor: string;
  sifat: string;
  year: number;
  number: number;
  numberedAt: string;
  crestUrl: string | null;
}

const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** A letter number from its format: '620/{nomor}/436.7.6/{tahun}' with 12 in 2026 -> '620/12/436.7.6/2026'. */
export function formatLetterNumber(
  format: string,
  values: { number: number; year: number; month: number },
): string {
  const filled: Record<TLetterNumberPlaceholder, string> = {
    nomor: String(values.number),
    tahun: String(values.year),
    bulan: ROMAN_MONTHS[values.month - 1] ?? '',
  };
  return format.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    name in filled ? filled[name as TLetterNumberPlaceholder] : whole,
  );
}
