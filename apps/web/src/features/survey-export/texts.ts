import { SURVEY_EXPORT_MESSAGES } from '@eusulan/shared';

/** Texts of Export Hasil Survey (/report; spec §2 Report, §5, §8). */
export const SURVEY_EXPORT_TEXTS = {
  rangeLabel: 'Range Tanggal',
  startPlaceholder: 'Tanggal Awal',
  endPlaceholder: 'Tanggal Akhir',
  rangeSeparator: 's/d',
  districtLabel: 'Rayon',
  allDistricts: 'Pilih Semua Rayon',
  optionLabel: 'Opsi Export',
  exportButton: 'Export',
  warningTitle: 'Peringatan!',
  okButton: 'Ok',
  lockedDistrict: 'Rayon mengikuti wilayah konsultan Anda.',
  saved: (name: string, size: string) => `${name} (${size}) berhasil diunduh.`,
  ...SURVEY_EXPORT_MESSAGES,
} as const;

/** Spec §9: dates are shown DD-MM-YYYY and sent YYYY-MM-DD. */
export const DISPLAY_DATE_FORMAT = 'DD-MM-YYYY';
export const API_DATE_FORMAT = 'YYYY-MM-DD';
