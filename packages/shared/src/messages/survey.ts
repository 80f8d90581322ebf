/**
 * Survey capture (DESIGN §4): the texts of the draft, its media and the submit rules; zod-free, so the
 * survey form shows them and works out costs without loading zod.
 */
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
  alreadySubmitted: 'Survey sudah dikirim.',
  textTooLong: 'Teks terlalu panjang.',
} as const;

/** Cost of one ASB item: length × width × unit price (spec §9), in Rupiah to two decimals. */
export const asbItemCost = (long: number, wide: number, unitPrice: number) =>
  Math.round(long * wide * unitPrice * 100) / 100;
