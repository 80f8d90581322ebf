import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import {
  COMPLETED_WORK_MESSAGES,
  JOB_STEPS,
  type TCompletedWorkImport,
  type TCompletedWorkImportResult,
  ZCompletedWorkImport,
} from '@eusulan/shared';
import type { Database, Db, Transaction } from '../../db/client.ts';
import { HttpError, invalid } from '../../lib/http-error.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../../lib/worker-task.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/reconcile-storage.ts';
import { type JobHandler, JobRefused } from '../jobs/job-runner.ts';
import { presentImport } from './completed-work.presenter.ts';
import * as queries from './completed-work.queries.ts';
import {
  checkShapefileHeaders,
  type LayerOutcome,
  type ParsedLayer,
  readWorksFile,
} from './completed-work-layer.ts';
import { ImportRefused } from './completed-work-reasons.ts';
import { extractLayer } from './completed-work-zip.ts';

export interface Deps {
  db: Database;
  storage: FileStorage;
}

/**
 * The layer's parsing thread: a shapefile is read one feature at a time (the works go to a file), but a
 * GeoJSON or KML of up to 64 MB is parsed whole, which this ceiling leaves room for.
 */
export const LAYER_PARSE_LIMITS: WorkerLimits = { memoryMb: 768, timeoutMs: 120_000 };

/**
 * Checks a completed-work zip, reads its layer and hands it to `use`, in a work directory of its own under
 * the staging directory that is removed afterwards. The zip's checks, its extraction and the shapefile's
 * headers run here: they are bounded by design (entry count, names, bytes counted as they inflate, in
 * streams; two headers). The layer's parsing runs in a worker thread with memory and time limits and writes
 * the works to a file, which `use` reads back one at a time (layer.readWorks). Throws ImportRefused with
 * the reasons; writes nothing else.
 */
export async function readCompletedWorkZip<T>(
  zipPath: string,
  stagingDir: string,
  use: (layer: ParsedLayer) => Promise<T>,
): Promise<T> {
  await mkdir(stagingDir, { recursive: true });
  const workDir = await mkdtemp(path.join(stagingDir, 'completed-work-'));
  try {
    const extracted = await extractLayer(zipPath, workDir);
    if (extracted.kind === 'shapefile') await checkShapefileHeaders(extracted);
    const worksFile = path.join(workDir, 'works.ndjson');
    let outcome: LayerOutcome;
    try {
      outcome = await runInWorker<LayerOutcome>(
        new URL('./completed-work-layer.ts', import.meta.url),
        'readLayerToFile',
        [extracted, worksFile],
        LAYER_PARSE_LIMITS,
      );
    } catch (error) {
      if (error instanceof WorkerLimitError) throw new ImportRefused([error.message]);
      throw error;
    }
    if ('reasons' in outcome) throw new ImportRefused(outcome.reasons);
    const { summary } = outcome;
    return await use({
      works: summary.works,
      packages: Object.keys(summary.packages).length,
      warnings: summary.warnings,
      readWorks: () => readWorksFile(worksFile, summary.packages),
    });
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

export interface StoreInput {
  year: number;
  typeWorkColorId: number;
  fileName: string;
  /** The checked zip; moved into storage. */
  zipPath: string;
  uploadedById: number | null;
}

/**
 * Stores a checked import in one transaction: its list row, the zip (through the storage interface) and
 * every work, read back and inserted in chunks. A rollback removes the stored zip.
 */
export async function storeCompletedWorks(
  deps: { db: Db; storage: FileStorage },
  input: StoreInput,
  layer: ParsedLayer,
  hooks: { onStored?: (works: number) => void; finish?: (tx: Transaction, id: number) => Promise<void> } = {},
): Promise<number> {
  const key = `completed-works/${input.year}/${randomUUID()}.zip`;
  let placed = false;
  try {
    return await deps.db.transaction(async (tx) => {
      const id = await queries.insertImport(tx, {
        year: input.year,
        typeWorkColorId: input.typeWorkColorId,
        fileName: input.fileName,
        storageKey: key,
        uploadedById: input.uploadedById,
      });
      await holdFilePlacementLock(tx);
      await deps.storage.putFile(key, input.zipPath);
      placed = true;
      await queries.insertWorks(tx, id, input.year, counted(layer.readWorks(), hooks.onStored));
      await hooks.finish?.(tx, id);
      return id;
    });
  } catch (error) {
    if (placed) await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** The form's fields and file, all problems at once (422). */
function readForm(
  form: MultipartForm,
): TCompletedWorkImport & { file: NonNullable<MultipartForm['files'][0]> } {
  const file = form.files[0];
  let input: TCompletedWorkImport | undefined;
  let errors: Record<string, string[]> = {};
  try {
    input = parseInput(ZCompletedWorkImport, form.fields);
  } catch (error) {
    if (!(error instanceof HttpError) || !error.errors) throw error;
    errors = { ...error.errors };
  }
  if (!file) errors.file = [COMPLETED_WORK_MESSAGES.fileRequired];
  if (Object.keys(errors).length || !input || !file) throw invalid(errors);
  return { ...input, file };
}

/** How a stored import reports itself: works inserted so far, and a hook inside its transaction. */
export interface StoreHooks {
  onStored?: (works: number) => void;
  /** Runs inside the storing transaction once everything is in (the import job marks itself done there). */
  finish?: (tx: Transaction, result: TCompletedWorkImportResult) => Promise<void>;
}

/** Counts the works as they pass, telling `onCount` every 500 and at the end. */
async function* counted<T>(items: AsyncIterable<T>, onCount?: (count: number) => void) {
  let count = 0;
  for await (const item of items) {
    yield item;
    count += 1;
    if (count % 500 === 0) onCount?.(count);
  }
  onCount?.(count);
}

/** The import's answer: its list row, what was stored, and the warnings. */
async function importResultOf(db: Db, id: number, layer: ParsedLayer): Promise<TCompletedWorkImportResult> {
  const row = await queries.findImport(db, id);
  if (!row) throw new Error('import row missing');
  return {
    completedWork: presentImport(row),
    works: layer.works,
    packages: layer.packages,
    warnings: layer.warnings,
  };
}

/** The form's fields and file (422 for each problem), with its work type checked to exist. */
export async function checkImportForm(db: Db, form: MultipartForm) {
  const input = readForm(form);
  const type = await queries.findTypeWorkColor(db, input.type_work_id);
  if (!type) throw invalid({ type_work_id: [COMPLETED_WORK_MESSAGES.typeWorkMissing] });
  return { year: input.year, typeWorkColorId: type.id, file: input.file };
}

/**
 * A checked zip read, checked feature by feature (ImportRefused with the reasons), and stored in one
 * transaction. POST completed-work and the import job share it.
 */
export async function importCompletedWorkZip(
  deps: Deps,
  input: StoreInput,
  hooks: StoreHooks & { onLayerRead?: (works: number) => void } = {},
): Promise<TCompletedWorkImportResult> {
  return readCompletedWorkZip(input.zipPath, deps.storage.stagingDir, async (layer) => {
    hooks.onLayerRead?.(layer.works);
    let result: TCompletedWorkImportResult | null = null;
    const id = await storeCompletedWorks(deps, input, layer, {
      onStored: hooks.onStored,
      async finish(tx, id) {
        result = await importResultOf(tx, id, layer);
        await hooks.finish?.(tx, result);
      },
    });
    return result ?? importResultOf(deps.db, id, layer);
  });
}

/**
 * importCompletedWorks: POST completed-work (admin). Every check runs before anything is written: the
 * fields (422), the work type (422), then the zip and each feature (ImportRefused, a 400 with reasons).
 * A good file is stored in one transaction. The staged upload is always removed.
 */
export async function importCompletedWorks(
  deps: Deps,
  auth: AuthContext,
  form: MultipartForm,
): Promise<TCompletedWorkImportResult> {
  try {
    const { file, ...checked } = await checkImportForm(deps.db, form);
    return await importCompletedWorkZip(deps, {
      ...checked,
      fileName: file.name,
      zipPath: file.tempPath,
      uploadedById: auth.userId,
    });
  } finally {
    await form.discard();
  }
}

/** Import Pekerjaan Selesai as a background job (issue 12 item 3): the zip kept with the job, the same checks. */
export const completedWorkImportJob: JobHandler = async ({
  job,
  db,
  storage,
  inputPath,
  progress,
  completeIn,
}) => {
  if (!inputPath) throw new Error('completed-work import job without its file');
  const input = job.input as { year: number; typeWorkColorId: number; fileName: string };
  progress({ step: JOB_STEPS.reading, done: 0, total: null });
  let total = 0;
  try {
    const result = await importCompletedWorkZip(
      { db, storage },
      { ...input, zipPath: inputPath, uploadedById: job.createdById },
      {
        onLayerRead(works) {
          total = works;
          progress({ step: JOB_STEPS.saving, done: 0, total });
        },
        onStored: (done) => progress({ step: JOB_STEPS.saving, done, total }),
        finish: (tx, result) => completeIn(tx, result),
      },
    );
    return { result };
  } catch (error) {
    if (error instanceof ImportRefused) {
      throw new JobRefused(COMPLETED_WORK_MESSAGES.importFailed, { errorList: error.reasons });
    }
    throw error;
  }
};
