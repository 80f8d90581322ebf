import path from 'node:path';
import type { TImportError, TJobProgress } from '@eusulan/shared';
import { JOB_STEPS } from '@eusulan/shared';
import type { Database, Transaction } from '../../db/client.ts';
import { calendarDayIn } from '../../lib/calendar-day.ts';
import { fileSha256, recordImportedFile, refuseImportedFile } from '../../lib/imported-files.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { type JobHandler, JobRefused } from '../jobs/job-runner.ts';
import { type ImportType, parseImportWorkbook } from './proposal-import.ts';
import { importLookups } from './proposal-references.queries.ts';
import { insertProposals } from './proposal-write.queries.ts';

/** The 400 of POST proposal/import-template (spec §8): nothing stored, each bad row listed. */
export const IMPORT_FAILED_MESSAGE =
  'Import gagal, tidak ada data yang disimpan. Perbaiki baris yang disebutkan.';

export type ProposalImportOutcome = { imported: number } | { errorList: TImportError[] };

/**
 * A proposal workbook checked whole, then stored in one transaction with its audit entries, or refused
 * with every bad row and nothing stored; a workbook stored before is refused (409, RepeatedImport).
 * POST import-template and the import job share it; `finish` runs inside the storing transaction (the job
 * marks itself done there).
 */
export async function importProposalWorkbook(
  db: Database,
  input: {
    filePath: string;
    fileName: string;
    proposalType: ImportType | undefined;
    userId: number;
    /** The office's time zone (config TIME_ZONE), whose calendar day is "today" for the proposals' dates. */
    timeZone: string;
    /** The file's SHA-256 when the caller hashed it already (the job's start refused a repeat with it). */
    sha256?: string;
  },
  hooks: {
    progress?: (progress: TJobProgress) => void;
    finish?: (tx: Transaction, outcome: { imported: number }) => Promise<void>;
  } = {},
): Promise<ProposalImportOutcome> {
  hooks.progress?.({ step: JOB_STEPS.checking, done: 0, total: null });
  const sha256 = input.sha256 ?? (await fileSha256(input.filePath));
  await refuseImportedFile(db, 'proposal', sha256);
  const parsed = await parseImportWorkbook(input.filePath, input.proposalType, await importLookups(db), {
    today: calendarDayIn(input.timeZone),
  });
  if (parsed.errors.length) return { errorList: parsed.errors };
  const total = parsed.values.length;
  hooks.progress?.({ step: JOB_STEPS.saving, done: 0, total });
  const outcome = { imported: total };
  await db.transaction(async (tx) => {
    await recordImportedFile(tx, {
      kind: 'proposal',
      sha256,
      fileName: input.fileName,
      itemCount: total,
      importedById: input.userId,
    });
    const ids = await insertProposals(
      tx,
      parsed.values.map((values) => ({ ...values, createdById: input.userId })),
      (done) => hooks.progress?.({ step: JOB_STEPS.saving, done, total }),
    );
    await auditProposals(tx, input.userId, 'import', ids, null);
    await hooks.finish?.(tx, outcome);
  });
  return outcome;
}

/** Import Usulan as a background job: the upload kept with the job, the same checks. */
export const proposalImportJob =
  (timeZone: string): JobHandler =>
  async ({ job, db, inputPath, progress, completeIn }) => {
    if (!inputPath) throw new Error('proposal import job without its file');
    const { proposalType, sha256 } = job.input as { proposalType?: ImportType; sha256?: string };
    const outcome = await importProposalWorkbook(
      db,
      {
        filePath: inputPath,
        fileName: path.basename(inputPath),
        proposalType,
        userId: job.createdById,
        timeZone,
        sha256,
      },
      { progress, finish: (tx, result) => completeIn(tx, result) },
    );
    if ('errorList' in outcome) throw new JobRefused(IMPORT_FAILED_MESSAGE, outcome);
    return { result: outcome };
  };
