/** Texts of the survey form; the spec gives none, these follow its wording and dialogs. */
export const SURVEY_FORM_TEXTS = {
  title: 'Form Survey',
  mapHint:
    'Tekan Gambar Garis, lalu ketuk peta di titik-titik sepanjang jalan (atau geser peta dan tekan Titik di Tengah) dan tekan Selesai. Ketuk garis untuk menggeser titiknya atau menghapusnya.',
  drawLine: 'Gambar Garis',
  addCentrePoint: 'Titik di Tengah',
  undoPoint: 'Urungkan',
  finishLine: 'Selesai',
  cancelLine: 'Batal',
  deleteLine: 'Hapus Garis',
  doneEditing: 'Selesai Mengubah',
  idleStatus: 'Ketuk garis di peta untuk mengubahnya.',
  drawingStatus: (road: string, points: number, length: string) =>
    points === 0
      ? `${road}: ketuk peta untuk menambah titik pertama.`
      : `${road}: ${points} titik, ${length}. Ketuk peta untuk menambah titik.`,
  editingStatus:
    'Geser titik bulat untuk memindahkannya; geser titik kecil di tengah ruas untuk menambah titik.',
  restored: 'Isian yang belum tersimpan di server dipulihkan dari perangkat ini.',
  draftSaved: 'Draft survey tersimpan',
  confirmTitle: 'Kirim Survey?',
  confirmText: 'Survey yang dikirim menjadi hasil survey usulan ini dan tidak dapat diubah lagi.',
  confirmOk: 'Ya, Kirim',
  unusualMeasures: 'Periksa kembali ukuran yang jauh di atas biasanya:',
  successTitle: 'Berhasil!',
  submitted: 'Mengirim data survey',
} as const;
