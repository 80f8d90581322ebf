import { PROPOSAL_TYPE_NAMES, type TProposalType } from '@eusulan/shared';

/** Spec §2 and §8 texts of the proposal screens and dialogs. */
export const PROPOSAL_TEXTS = {
  successTitle: 'Berhasil!',
  warningTitle: 'Peringatan!',
  added: 'Menambahkan data usulan',
  updated: 'Memperbarui data usulan',
  contactUpdated: 'Memperbarui data contact person',
  imported: 'Import data Usulan',
  importNote: 'Data yang diupload tidak akan menggantikan data yang sudah ada.',
  checkHistory: 'Cek Histori Jalan',
  detailTitle: 'Detail Usulan',
  editContactPerson: 'Edit Contact Person',
  noFiles: 'Tidak ada file',
  noHistory: 'Belum ada usulan lain di lokasi ini.',
  historyLink: (count: number) => `Lihat histori lokasi (${count})`,
  back: 'Kembali',
} as const;

/** 'Tambah Data Usulan Jalan Pokir' / 'Edit Data Usulan Jalan Pokir' (spec §2). */
export const proposalFormTitle = (mode: 'insert' | 'update', type: TProposalType) =>
  `${mode === 'insert' ? 'Tambah' : 'Edit'} Data Usulan Jalan ${PROPOSAL_TYPE_NAMES[type]}`;
