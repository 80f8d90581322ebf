/** Spec §8 texts of the master screens. */
export const MASTER_TEXTS = {
  successTitle: 'Berhasil!',
  added: (noun: string) => `Menambahkan data ${noun}`,
  updated: (noun: string) => `Memperbarui data ${noun}`,
  statusChanged: 'Status berhasil diubah!',
  passwordReset: 'Password berhasil di reset',
  resetTitle: 'Reset Password?',
  resetContent: (key: string | undefined) =>
    `Password user akan dikembalikan ke default password yaitu:${key ? ` ${key}` : ''}`,
  resetOk: 'Ya, Reset',
  deleteColorTitle: 'Hapus Warna Jenis Pekerjaan?',
  cancel: 'Batal',
  checkAgainTitle: 'Periksa Kembali',
  saveAnyway: 'Ya, Simpan',
  correct: 'Perbaiki',
  active: 'Aktif',
  inactive: 'Tidak Aktif',
} as const;
