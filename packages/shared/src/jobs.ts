/**
 * Background jobs: long imports and exports run on the server's job queue, and the web
 * follows them by polling GET jobs/:id. Zod-free, so a dialog can import it without the schemas.
 */
const JOB_KINDS = ['survey-export', 'proposal-import', 'completed-work-import'] as const;
export type TJobKind = (typeof JOB_KINDS)[number];

/** queued: waiting for a worker; running; done (result, and a file for exports); failed (message, result). */
const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
type TJobStatus = (typeof JOB_STATUSES)[number];

/** Where a job is: its step's name and how much of it is done (total null while it is not known yet). */
export interface TJobProgress {
  step: string;
  done: number;
  total: number | null;
}

/**
 * GET jobs/:id. `result` is the kind's answer when done (an import's TImportResult-like body; an export's
 * file), or a refused import's { errorList } when failed; `message` says why it failed.
 */
export interface TJob<Result = unknown> {
  id: string;
  kind: TJobKind;
  status: TJobStatus;
  progress: TJobProgress;
  message: string | null;
  result: Result | null;
  /** Where the finished export is downloaded (same access checks as the job); null for imports. */
  fileUrl: string | null;
  createdAt: string;
  finishedAt: string | null;
}

/** A finished export's file, as the job's result. */
export interface TJobFile {
  fileName: string;
  size: number;
}

export const JOB_MESSAGES = {
  notFound: 'Proses tidak ditemukan.',
  fileGone: 'Berkas hasil export sudah tidak tersedia, silakan export ulang.',
  notReady: 'Berkas hasil export belum selesai dibuat.',
  interrupted: 'Proses terhenti karena server dimatikan dan tidak dapat dilanjutkan. Silakan ulangi.',
  failed: 'Proses gagal karena kesalahan pada server. Silakan ulangi atau hubungi admin.',
  queueDown: 'Antrian proses belum siap, coba lagi sebentar.',
} as const;

/** Step names the web shows beside the progress bar. */
export const JOB_STEPS = {
  queued: 'Menunggu giliran',
  reading: 'Membaca berkas',
  checking: 'Memeriksa data',
  saving: 'Menyimpan data',
  gathering: 'Mengumpulkan data',
  writing: 'Menyusun berkas',
  done: 'Selesai',
} as const;

/** How long a finished export's file stays downloadable; the job's row is kept a while longer. */
export const JOB_FILE_KEEP_HOURS = 24;
