import { COMPLETED_WORK_MESSAGES, PROPOSAL_MESSAGES } from '@eusulan/shared';

/** The texts of the Pekerjaan Selesai screens and modals (spec §2, §5, §8); the rest are recorded in decisions.md. */
export const COMPLETED_WORK_TEXTS = {
  title: 'Pekerjaan Selesai',
  allYears: 'Semua Tahun',
  importData: 'Import Data',
  viewData: 'Lihat Data',
  replaceFile: 'Ganti File',
  remove: 'Hapus',
  deleteTitle: COMPLETED_WORK_MESSAGES.deleteTitle,
  replaceTitle: 'Ganti File Pekerjaan Selesai',
  replacing: (name: string, year: number) =>
    `Menggantikan ${name} (tahun ${year}). Data lama dihapus saat file baru tersimpan; bila file baru ditolak, data lama tetap.`,
  replaced: COMPLETED_WORK_MESSAGES.replaced,
  detail: 'Detail',
  back: 'Kembali',
  importSubject: 'data pekerjaan selesai',
  importNotFound: 'Data pekerjaan selesai ini tidak ada atau sudah dihapus.',
  ofPackage: (length: string) => `dari ${length} paket`,
  importTitle: 'Import Data Pekerjaan Selesai',
  year: 'Tahun',
  yearPlaceholder: 'Pilih Tahun',
  type: 'Tipe',
  file: 'File (.zip / .kmz)',
  dropText: 'Klik atau seret file .zip atau .kmz ke sini',
  dropHint:
    'Satu file .zip berisi shapefile (.shp, .shx, .dbf, .prj), GeoJSON, KML atau KMZ, atau satu .kmz dari Google Earth; maksimal 50 MB.',
  template: 'Unduh format pekerjaan selesai (.zip)',
  cancel: 'Batal',
  save: 'Simpan',
  saving: 'Memproses...',
  fileRequired: COMPLETED_WORK_MESSAGES.fileRequired,
  fileRejected: PROPOSAL_MESSAGES.fileType,
  successTitle: 'Berhasil!',
  imported: COMPLETED_WORK_MESSAGES.imported,
  invalidTitle: 'Peringatan..',
  warningTitle: 'Peringatan!',
  warningsTitle: 'Catatan dari file:',
  importSummary: (works: number, packages: number) =>
    `${works} lokasi pekerjaan dalam ${packages} paket tersimpan.`,
  modalTitle: 'Detail Pekerjaan Selesai',
  close: 'Tutup',
  print: 'Cetak',
  workMap: 'Peta Lokasi Pekerjaan',
  packageMap: 'Peta Seluruh Paket Pekerjaan',
  noCoordinates: 'Data koordinat pekerjaan tidak tersedia',
  streetView: 'Street View',
  noStreetView: 'Street View tidak tersedia.',
  openInGoogleMaps: 'Buka lokasi di Google Maps',
  loadFailed: 'Detail pekerjaan tidak dapat dimuat.',
} as const;

/** The fields of the completed-work modal (spec §2 Maps dashboard). */
export const COMPLETED_WORK_FIELDS = {
  nama: 'Nama Pekerjaan',
  tahun: 'Tahun Pelaksana',
  lokasi: 'Lokasi',
  jenisPekerjaan: 'Jenis Pekerjaan',
  panjangLokasi: 'Panjang Lokasi',
  panjang: 'Total Panjang Paket',
  nilaiLokasi: 'Nominal Lokasi',
  nilaiPaket: 'Total Nominal Paket',
} as const;
