/**
 * The audit trail: who changed what, when, with the values before and after. The server stores
 * raw values; the history answer carries them formatted, with these labels.
 */

/** What was changed: a proposal or one of the masters (the path segment of its screen). */
const AUDIT_ENTITIES = [
  'proposal',
  'road',
  'road-type',
  'photo-category',
  'asb-surveyor',
  'work-note',
  'consultant',
  'subdistrict',
  'village',
  'user',
  'type-work-color',
  'completed-work',
  'office-settings',
] as const;
export type TAuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTION_NAMES = {
  create: 'Menambahkan data',
  import: 'Import data',
  update: 'Memperbarui data',
  'contact-person': 'Memperbarui contact person',
  verify: 'Verifikasi usulan',
  'survey-save': 'Menyimpan draft survey',
  'survey-photo-add': 'Menambahkan foto survey',
  'survey-photo-delete': 'Menghapus foto survey',
  'survey-video-add': 'Menambahkan video survey',
  'survey-video-delete': 'Menghapus video survey',
  'survey-submit': 'Mengirim survey',
  approve: 'Menyetujui usulan',
  status: 'Mengubah status',
  'reset-password': 'Reset password',
  delete: 'Menghapus data',
  replace: 'Mengganti file',
} as const;
export type TAuditAction = keyof typeof AUDIT_ACTION_NAMES;

/** Labels of the recorded fields; a field without one shows its key. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  proposalType: 'Jenis Usulan',
  proposalDate: 'Tanggal',
  proposerName: 'Nama',
  phoneNumber: 'No HP',
  road: 'Jalan',
  village: 'Kelurahan',
  rtNumber: 'RT',
  rwNumber: 'RW',
  address: 'Alamat',
  consultant: 'Konsultan',
  statusType: 'Status',
  processType: 'Proses',
  files: 'Files',
  structuralFiles: 'Files Struktural',
  roadCondition: 'Kondisi Jalan',
  canalExisting: 'Saluran Eksisting',
  canalCondition: 'Kondisi Saluran',
  damageIdentification: 'Identifikasi Kerusakan',
  suggestion: 'Saran',
  roadTypes: 'Jenis Jalan',
  surveyRoads: 'Jumlah Ruas Survey',
  asbItems: 'Item ASB',
  estimate: 'Estimasi Biaya',
  photos: 'Foto Survey',
  videos: 'Video Survey',
  name: 'Nama',
  code: 'Kode',
  price: 'Harga',
  unit: 'Satuan',
  color: 'Warna',
  typeWork: 'Jenis Pekerjaan',
  description: 'Keterangan',
  isActive: 'Status Aktif',
  consultantType: 'Jenis Konsultan',
  district: 'Wilayah',
  subdistrict: 'Kecamatan',
  username: 'Username',
  role: 'Role',
  password: 'Password',
  letterNumberFormat: 'Format Nomor Surat',
  sifat: 'Sifat',
  crestName: 'Logo Kop Surat',
};

/**
 * Status names of the trail. The lists' labels (statusLabel) say 'Tidak disurvey' for an unverified
 * proposal, which reads wrong as a change; the trail names each step.
 */
export const AUDIT_STATUS_NAMES: Record<string, string> = {
  unverified: 'Belum diverifikasi',
  verified: 'Terverifikasi, belum disurvey',
  surveyed: 'Sudah disurvey',
  finished: 'Selesai (disetujui)',
};

export interface TAuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** One entry of a proposal's Riwayat Perubahan, newest first. */
export interface TAuditEntry {
  id: number;
  /** ISO instant. */
  occurredAt: string;
  actorName: string;
  action: TAuditAction;
  actionName: string;
  changes: TAuditChange[];
}
