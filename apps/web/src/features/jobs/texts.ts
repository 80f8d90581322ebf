import { formatRupiah, type TJobProgress } from '@eusulan/shared';

/** Counts as the rest of the app shows numbers (id-ID grouping: 1.500). */
const count = (value: number) => formatRupiah(value, false);

/** Texts of a job's progress the server does not send (spec §8 leaves them open; decisions.md). */
export const JOB_TEXTS = {
  /** While an import's file is on its way to the server, before the job exists. */
  sending: 'Mengirim berkas',
  /** While an export's start is checked (the range must hold data), before the job exists. */
  starting: 'Memulai proses',
} as const;

/** The step with its count: 'Menyimpan data 1.500 dari 10.000', 'Menyimpan data 1.500', or the step alone. */
export function jobStepText({ step, done, total }: TJobProgress): string {
  if (total) return `${step} ${count(done)} dari ${count(total)}`;
  if (done > 0) return `${step} ${count(done)}`;
  return step;
}

/** The share done, 0-100, or null while the total is not known yet. */
export function jobPercent({ done, total }: TJobProgress): number | null {
  if (!total) return null;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
}
