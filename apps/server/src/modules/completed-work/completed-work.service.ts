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
import { HttpError, invalid, notFound } from '../../lib/http-error.ts';
import { fileSha256, recordImportedFile, refuseImportedFile } from '../../lib/imported-files.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../../lib/worker-task.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/storage.queries.ts';
import { insertAuditEvents } from '../audit/audit.queries.ts';
import { type JobHandler, JobRefused } from '../jobs/job-runner.ts';
import { presentImport } from './completed-work.presenter.ts';
import * as queries from './completed-work.queries.ts';
import type { ParsedLayer } from './completed-work-features.ts';
import { type LayerOutcome, readWorksFile } from './completed-work-layer.ts';
import type { Area } from './completed-work-projection.ts';
import { ImportRefused } from './completed-work-reasons.ts';
import { checkShapefileHeaders } from './completed-work-shapefile-reader.ts';
import { extractLayer } from './completed-work-zip.ts';

export interface Deps {
  db: Database;
  storage: FileStorage;
  /** The office's area (OFFICE_AREA): where a layer without a .prj must land. */
  area: Area;
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
  area: Area,
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
        [extracted, worksFile, area],
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
  /** An import this one replaces: removed in the same transaction, so the map never shows both or neither. */
  replacesId?: number;
}

/** A zip read and its SHA-256, which the store records so the same zip is never stored twice. */
export interface HashedInput extends StoreInput {
  sha256: string;
}

/**
 * Stores a checked import in one transaction: its list row, the record of its file (RepeatedImport when the
 * same zip was stored before), the zip (through the storage interface) and every work, read back and
 * inserted in chunks. A rollback removes the stored zip.
 */
export async function storeCompletedWorks(
  deps: { db: Db; storage: FileStorage },
  input: HashedInput,
  layer: ParsedLayer,
  hooks: {
    onStored?: (works: number) => void;
    finish?: (tx: Transaction, stored: queries.ImportRecord) => Promise<void>;
  } = {},
): Promise<queries.ImportRecord> {
  const key = `completed-works/${input.year}/${randomUUID()}.zip`;
  let placed = false;
  let replacedKey: string | null = null;
  try {
    const stored = await deps.db.transaction(async (tx) => {
      if (input.replacesId) {
        replacedKey = await removeImport(tx, input.replacesId, input.uploadedById, 'replace');
      }
      const id = await queries.insertImport(tx, {
        year: input.year,
        typeWorkColorId: input.typeWorkColorId,
        fileName: input.fileName,
        storageKey: key,
        uploadedById: input.uploadedById,
      });
      await recordImportedFile(tx, {
        kind: 'completed-work',
        sha256: input.sha256,
        fileName: input.fileName,
        itemCount: layer.works,
        importedById: input.uploadedById,
        completedWorkImportId: id,
      });
      await holdFilePlacementLock(tx);
      await deps.storage.putFile(key, input.zipPath);
      placed = true;
      await queries.insertWorks(tx, id, input.year, counted(layer.readWorks(), hooks.onStored));
      const stored = await queries.findImport(tx, id);
      if (!stored) throw new Error('import row missing');
      await insertAuditEvents(tx, input.uploadedById, [
        {
          entity: 'completed-work',
          entityId: id,
          action: 'import',
          before: null,
          after: auditedImport(stored),
        },
      ]);
      await hooks.finish?.(tx, stored);
      return stored;
    });
    if (replacedKey) await deps.storage.remove(replacedKey).catch(() => undefined);
    return stored;
  } catch (error) {
    if (placed) await deps.storage.remove(key).catch(() => undefined);
    throw error;
  }
}

/** What an import's audit records keep of it: the list row's figures. */
function auditedImport(row: { fileName: string; year: number; typeWork: string; workCount: number | null }) {
  return { fileName: row.fileName, year: row.year, typeWork: row.typeWork, works: row.workCount };
}

/**
 * Removes an import inside the caller's transaction with its audit record ('delete', or 'replace' when a
 * corrected file takes its place): its works and the record of its file go with it. Answers the stored zip's
 * key, removed by the caller once the transaction has committed. 404 when it is gone.
 */
async function removeImport(tx: Db, id: number, actorId: number | null, action: 'delete' | 'replace') {
  const row = await queries.lockImport(tx, id);
  if (!row) {
    if (action === 'replace') throw new HttpError(409, COMPLETED_WORK_MESSAGES.replaceMissing);
    throw notFound();
  }
  await insertAuditEvents(tx, actorId, [
    { entity: 'completed-work', entityId: id, action, before: auditedImport(row), after: null },
  ]);
  await queries.deleteImport(tx, id);
  return row.storageKey;
}

/**
 * deleteCompletedWorkImport: DELETE completed-work/{id} (admin). The import, its works and the record of
 * its file in one transaction, audited; its zip leaves storage after the commit. The map and the lists
 * read the tables, so they show it gone at once.
 */
export async function deleteCompletedWorkImport(
  deps: { db: Database; storage: FileStorage },
  auth: AuthContext,
  id: number,
) {
  const key = await deps.db.transaction((tx) => removeImport(tx, id, auth.userId, 'delete'));
  await deps.storage.remove(key).catch(() => undefined);
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
function importResultOf(row: queries.ImportRecord, layer: ParsedLayer): TCompletedWorkImportResult {
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
  if (input.replace_id && !(await queries.findImport(db, input.replace_id))) {
    throw invalid({ replace_id: [COMPLETED_WORK_MESSAGES.replaceMissing] });
  }
  return { year: input.year, typeWorkColorId: type.id, replacesId: input.replace_id, file: input.file };
}

/**
 * A checked zip read, checked feature by feature (ImportRefused with the reasons), and stored in one
 * transaction; a zip stored before is refused before it is read (RepeatedImport, 409). POST completed-work
 * and the import job share it.
 */
export async function importCompletedWorkZip(
  deps: Deps,
  /** `sha256` when the caller hashed the zip already (the job's start refused a repeat with it). */
  input: StoreInput & { sha256?: string },
  hooks: StoreHooks & { onLayerRead?: (works: number) => void } = {},
): Promise<TCompletedWorkImportResult> {
  const sha256 = input.sha256 ?? (await fileSha256(input.zipPath));
  await refuseImportedFile(deps.db, 'completed-work', sha256);
  return readCompletedWorkZip(input.zipPath, deps.storage.stagingDir, deps.area, async (layer) => {
    hooks.onLayerRead?.(layer.works);
    const stored = await storeCompletedWorks(deps, { ...input, sha256 }, layer, {
      onStored: hooks.onStored,
      finish: async (tx, row) => hooks.finish?.(tx, importResultOf(row, layer)),
    });
    return importResultOf(stored, layer);
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

/** Import Pekerjaan Selesai as a background job: the zip kept with the job, the same checks. */
export const completedWorkImportJob =
  (area: Area): JobHandler =>
  async ({ job, db, storage, inputPath, progress, completeIn }) => {
    if (!inputPath) throw new Error('completed-work import job without its file');
    const input = job.input as {
      year: number;
      typeWorkColorId: number;
      fileName: string;
      replacesId?: number;
      sha256?: string;
    };
    progress({ step: JOB_STEPS.reading, done: 0, total: null });
    let total = 0;
    try {
      const result = await importCompletedWorkZip(
        { db, storage, area },
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
