import type { TImportError, TJobProgress } from '@eusulan/shared';
import { JOB_STEPS } from '@eusulan/shared';
import type { Database, Transaction } from '../../db/client.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { type JobHandler, JobRefused } from '../jobs/job-runner.ts';
import * as queries from './proposal.queries.ts';
import { type ImportType, parseImportWorkbook } from './proposal-import.ts';

/** The 400 of POST proposal/import-template (spec §8): nothing stored, each bad row listed. */
export const IMPORT_FAILED_MESSAGE =
  'Import gagal, tidak ada data yang disimpan. Perbaiki baris yang disebutkan.';

export type ProposalImportOutcome = { imported: number } | { errorList: TImportError[] };

/**
 * A proposal workbook checked whole, then stored in one transaction with its audit entries, or refused
 * with every bad row and nothing stored. POST import-template and the import job share it; `finish` runs
 * inside the storing transaction (the job marks itself done there).
 */
export async function importProposalWorkbook(
  db: Database,
  input: { filePath: string; proposalType: ImportType | undefined; userId: number },
  hooks: {
    progress?: (progress: TJobProgress) => void;
    finish?: (tx: Transaction, outcome: { imported: number }) => Promise<void>;
  } = {},
): Promise<ProposalImportOutcome> {
  hooks.progress?.({ step: JOB_STEPS.checking, done: 0, total: null });
  const parsed = await parseImportWorkbook(
    input.filePath,
    input.proposalType,
    await queries.importLookups(db),
  );
  if (parsed.errors.length) return { errorList: parsed.errors };
  const total = parsed.values.length;
  hooks.progress?.({ step: JOB_STEPS.saving, done: 0, total });
  const outcome = { imported: total };
  await db.transaction(async (tx) => {
    const ids = await queries.insertProposals(
      tx,
      parsed.values.map((values) => ({ ...values, createdById: input.userId })),
      (done) => hooks.progress?.({ step: JOB_STEPS.saving, done, total }),
    );
    await auditProposals(tx, input.userId, 'import', ids, null);
    await hooks.finish?.(tx, outcome);
  });
  return outcome;
}

/** Import Usulan as a background job (issue 12 item 3): the upload kept with the job, the same checks. */
export const proposalImportJob: JobHandler = async ({ job, db, inputPath, progress, completeIn }) => {
  if (!inputPath) throw new Error('proposal import job without its file');
  const { proposalType } = job.input as { proposalType?: ImportType };
  const outcome = await importProposalWorkbook(
    db,
    { filePath: inputPath, proposalType, userId: job.createdById },
    { progress, finish: (tx, result) => completeIn(tx, result) },
  );
  if ('errorList' in outcome) throw new JobRefused(IMPORT_FAILED_MESSAGE, outcome);
  return { result: outcome };
};
