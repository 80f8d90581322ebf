/** Texts of the printable field survey report (spec §2); the loading text is the spec's, as written. */
export const REPORT_TEXTS = {
  title: 'Laporan Hasil Survey Lapangan',
  loading: 'Memuat laporan...',
  editorLoading: 'Sedang memuat tampilan awal laporan, harap tunggu....',
  noSurvey: 'Laporan belum tersedia: usulan ini belum memiliki hasil survey yang dikirim.',
  notFound: 'Usulan tidak ditemukan atau Anda tidak memiliki akses ke usulan ini.',
  noId: 'Alamat laporan tidak lengkap: nomor usulan (id) tidak ada.',
  connection: 'Terjadi kesalahan koneksi',
  noLetterNumber:
    'Nomor surat belum dapat diberikan (koneksi atau server bermasalah). Muat ulang halaman sebelum mencetak.',
  retry: 'Coba Lagi',
  print: 'Cetak',
  edit: 'Edit Laporan',
  editorTitle: 'Edit Laporan',
  editorInstruction:
    "Gunakan tombol 'Pemisah Halaman' (garis putus-putus) untuk memulai halaman baru saat dicetak. Kop surat, peta dan foto adalah blok tetap: dapat dipindah atau dihapus, tidak dapat diubah isinya. Perubahan hanya berlaku di tab browser ini dan tidak disimpan ke server.",
  pageBreak: 'Pemisah Halaman',
  reset: 'Kembalikan Tampilan Awal',
  resetConfirmTitle: 'Kembalikan tampilan awal?',
  resetConfirmText: 'Semua perubahan pada laporan akan dibuang.',
  editedNotice: 'Laporan telah diedit. Perubahan hanya ada di tab ini dan tidak disimpan.',
} as const;
