/**
 * Spec §5: the proposal form, the contact-person edit and the import, with their own texts; zod-free, so an
 * upload check or a message on screen does not load zod.
 */
export const PROPOSAL_MESSAGES = {
  // The spec gives the date the proposer-name text (§5), a slip that points the clerk at the wrong field;
  // the date's own words, in the form's style (docs/decisions.md).
  date: 'Tanggal usulan tidak boleh kosong!',
  dateFormat: 'Tanggal harus berformat YYYY-MM-DD.',
  proposerName: 'Nama pengusul tidak boleh kosong!',
  phone: 'No HP tidak boleh kosong!',
  phoneFormat:
    'No HP harus nomor Indonesia: HP 08… atau +62 8…, atau telepon dengan kode area seperti (031) 8291234.',
  road: 'Pilih Salah Satu',
  village: 'Pilih Salah Satu',
  address: 'Alamat tidak boleh kosong!',
  consultant: 'Pilih salah satu!',
  rtRw: 'RT/RW harus dua digit 00-99.',
  proposalType: 'Jenis usulan harus taruna, umum, pokir atau musrenbang.',
  year: 'Tahun harus 4 digit.',
  yearRange: 'Tahun awal tidak boleh lebih besar dari tahun akhir.',
  fileId: 'Id file tidak valid.',
  // Contact-person edit ('Peringatan!'), spec §5.
  contactDate: 'Tanggal tidak boleh kosong',
  contactName: 'Nama Pengusul tidak boleh kosong',
  contactPhone: 'No Pengusul tidak boleh kosong',
  contactRoad: 'Jalan tidak boleh kosong',
  contactVillage: 'Kelurahan tidak boleh kosong',
  contactAddress: 'Alamat tidak boleh kosong',
  // Uploads, spec §5 and §9.
  fileType: 'Silahkan periksa file Anda lagi',
  fileSize: (megabytes: number) =>
    `Ukuran File Upload melebihi batas, Ukuran file maximal adalah ${megabytes} MB`,
  fileCount: (max: number) => `Maksimal ${max} file dalam satu unggahan.`,
  importFileRequired: 'Pilih file terlebih dahulu!',
  notEditable: 'Usulan yang sudah diverifikasi tidak dapat diubah.',
  // An internal consultant (Rayon) serves only its own district's villages.
  consultantOutsideVillage: 'Konsultan internal ini tidak melayani wilayah kelurahan yang dipilih.',
  villageOutsideConsultant:
    'Kelurahan ini di luar wilayah Rayon konsultan usulan. Pilih kelurahan di wilayahnya, atau minta admin mengganti konsultan.',
} as const;
