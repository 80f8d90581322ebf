/** Texts of the survey form; the spec gives none, these follow its wording and dialogs. */
export const SURVEY_FORM_TEXTS = {
  title: 'Form Survey',
  mapHint:
    'Klik ikon garis di kiri atas peta, klik titik-titik sepanjang jalan, lalu klik titik terakhir sekali lagi untuk selesai. Ikon pensil mengubah garis, ikon tempat sampah menghapusnya.',
  restored: 'Isian yang belum tersimpan di server dipulihkan dari perangkat ini.',
  draftSaved: 'Draft survey tersimpan',
  confirmTitle: 'Kirim Survey?',
  confirmText: 'Survey yang dikirim menjadi hasil survey usulan ini dan tidak dapat diubah lagi.',
  confirmOk: 'Ya, Kirim',
  successTitle: 'Berhasil!',
  submitted: 'Mengirim data survey',
} as const;
