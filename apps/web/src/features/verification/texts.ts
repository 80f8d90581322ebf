import { VERIFICATION_MESSAGES } from '@eusulan/shared';

/** Spec §2, §5 and §8 texts of the verification screen (Perlu Verifikasi). */
export const VERIFICATION_TEXTS = {
  yearLabel: 'Tahun',
  yearSeparator: 's/d',
  allYears: 'Semua Tahun',
  search: 'Cari',
  showUnchecked: 'Tampilkan usulan tidak di survey',
  selectAll: 'Pilih Semua',
  detail: 'Detail',
  proceed: 'Lanjutkan',
  showMore: 'Tampilkan lebih banyak',
  empty: 'Tidak Ada Data',
  warningTitle: 'Peringatan!',
  noneChosen: VERIFICATION_MESSAGES.noneChosen,
  okButton: 'Ok',
  confirmTitle: 'Yakin Approve Data?',
  confirmContent: 'Data terpilih akan diapprove dan dilanjutkan untuk di survey',
  confirmOk: 'Ya, Approve',
  cancel: 'Batal',
  successTitle: 'Berhasil!',
  verified: 'Verifikasi data usulan',
  chosenCount: (count: number) => `${count} usulan dipilih`,
} as const;
