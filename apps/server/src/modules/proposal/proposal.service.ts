import { randomUUID } from 'node:crypto';
import {
  PROPOSAL_MESSAGES,
  type TContactPerson,
  type TFileKind,
  UPLOAD_LIMITS,
  ZContactPerson,
  ZProposalForm,
} from '@eusulan/shared';
import type { Database, Db } from '../../db/client.ts';
import { badRequest, forbidden, invalid, notFound } from '../../lib/http-error.ts';
import { assertFresh } from '../../lib/row-version.ts';
import type { MultipartForm, UploadedFile } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { holdFilePlacementLock } from '../../storage/storage.queries.ts';
import { proposalSnapshots } from '../audit/audit.queries.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { canEditContactPerson, canEditProposal, consultantServesVillage } from './proposal.policy.ts';
import * as fileQueries from './proposal-files.queries.ts';
import * as referenceQueries from './proposal-references.queries.ts';
import * as writeQueries from './proposal-write.queries.ts';

export interface Deps {
  db: Database;
  storage: FileStorage;
}

/** Stored files placed during a transaction, removed again if it rolls back. */
class PlacedFiles {
  readonly keys: string[] = [];
  constructor(private readonly storage: FileStorage) {}

  async place(tx: Db, proposalId: number, kind: TFileKind, files: UploadedFile[], userId: number) {
    if (files.length) await holdFilePlacementLock(tx);
    const rows = [];
    for (const file of files) {
      const key = `proposals/${proposalId}/${randomUUID()}.${file.ext}`;
      await this.storage.putFile(key, file.tempPath);
      this.keys.push(key);
      rows.push({
        proposalId,
        kind,
        name: file.name,
        ext: file.ext,
        mimeType: file.mimeType,
        size: file.size,
        storageKey: key,
        uploadedById: userId,
      });
    }
    await fileQueries.insertFiles(tx, rows);
  }

  async rollBack() {
    await Promise.all(this.keys.map((key) => this.storage.remove(key).catch(() => undefined)));
  }
}

/**
 * Runs a write that stores files: the rows and the files land together or not at all. Files replaced by
 * the write are removed from storage only after the commit.
 */
export async function withFiles(
  deps: Deps,
  form: MultipartForm,
  work: (tx: Db, placed: PlacedFiles) => Promise<{ id: number; removedKeys: string[] }>,
) {
  const placed = new PlacedFiles(deps.storage);
  try {
    const result = await deps.db.transaction((tx) => work(tx, placed));
    await Promise.all(result.removedKeys.map((key) => deps.storage.remove(key).catch(() => undefined)));
    return result.id;
  } catch (error) {
    await placed.rollBack();
    throw error;
  } finally {
    await form.discard();
  }
}

/**
 * New choices must be active master records; a reference left unchanged may since have been deactivated.
 * When the village or the consultant changes, the consultant must be one the form offers for the village
 * (consultantServesVillage); the contact-person edit changes only the village, so its error names that.
 */
async function checkReferences(
  db: Db,
  input: { roadId?: number; villageId: number; consultantId?: number },
  current?: { roadId: number | null; villageId: number; consultantId: number },
) {
  const changed = (key: 'roadId' | 'villageId' | 'consultantId') =>
    input[key] !== undefined && input[key] !== (current?.[key] ?? undefined) ? input[key] : undefined;
  const found = await referenceQueries.activeReferences(db, {
    roadId: changed('roadId'),
    villageId: changed('villageId'),
    consultantId: changed('consultantId'),
  });
  const errors: Record<string, string[]> = {};
  if (!found.road) errors.roadId = ['Jalan tidak ditemukan atau tidak aktif.'];
  if (!found.village) errors.villageId = ['Kelurahan tidak ditemukan atau tidak aktif.'];
  if (!found.consultant) errors.consultantId = ['Konsultan tidak ditemukan atau tidak aktif.'];
  if (Object.keys(errors).length) throw invalid(errors);
  const consultantId = input.consultantId ?? current?.consultantId;
  if (consultantId === undefined || (!changed('villageId') && !changed('consultantId'))) return;
  const districts = await referenceQueries.consultantAndVillageDistricts(db, consultantId, input.villageId);
  if (districts && !consultantServesVillage(districts, districts.villageDistrictId)) {
    throw invalid(
      input.consultantId === undefined
        ? { villageId: [PROPOSAL_MESSAGES.villageOutsideConsultant] }
        : { consultantId: [PROPOSAL_MESSAGES.consultantOutsideVillage] },
    );
  }
}

export function checkFileCount(kept: number, added: number) {
  if (kept + added > UPLOAD_LIMITS.maxFilesPerUpload) {
    throw invalid({ files: [PROPOSAL_MESSAGES.fileCount(UPLOAD_LIMITS.maxFilesPerUpload)] });
  }
}

/** Locks the proposal row for the rest of the transaction, so two edits never interleave. */
export async function lockProposal(tx: Db, id: number) {
  const row = await writeQueries.lockProposalRow(tx, id);
  if (!row) throw notFound();
  return row;
}

/** Registers a proposal with its files (admin, POST proposal). */
export async function createProposal(deps: Deps, auth: AuthContext, form: MultipartForm) {
  return withFiles(deps, form, async (tx, placed) => {
    const input = parseInput(ZProposalForm, form.fields);
    checkFileCount(0, form.files.length);
    await checkReferences(tx, input);
    const id = await writeQueries.insertProposal(tx, {
      ...writeQueries.toProposalValues(input),
      createdById: auth.userId,
    });
    await placed.place(tx, id, 'proposal', form.files, auth.userId);
    await auditProposals(tx, auth.userId, 'create', [id], null);
    return { id, removedKeys: [] };
  });
}

/**
 * Edits an unverified proposal: its fields, the files it keeps (existingFileId[]) and new files. `expected`
 * is the version the client's copy was loaded at (If-Match), when it says.
 */
export async function updateProposal(
  deps: Deps,
  auth: AuthContext,
  id: number,
  form: MultipartForm,
  expected?: string[],
) {
  return withFiles(deps, form, async (tx, placed) => {
    const current = await lockProposal(tx, id);
    if (!canEditProposal(auth, current)) throw badRequest(PROPOSAL_MESSAGES.notEditable);
    assertFresh(current.updatedAt, expected);
    const before = await proposalSnapshots(tx, [id]);
    const input = parseInput(ZProposalForm, form.fields);
    await checkReferences(tx, input, current);
    const keep = await fileQueries.ownFileIds(tx, id, 'proposal', input.existingFileId);
    checkFileCount(keep.length, form.files.length);
    await writeQueries.updateProposal(tx, id, writeQueries.toProposalValues(input));
    const removedKeys = await fileQueries.deleteFilesExcept(tx, id, 'proposal', keep);
    await placed.place(tx, id, 'proposal', form.files, auth.userId);
    await auditProposals(tx, auth.userId, 'update', [id], before);
    return { id, removedKeys };
  });
}

/** The detail dialog's contact-person edit: proposer, place and files; not the type or consultant. */
export async function updateContactPerson(
  deps: Deps,
  auth: AuthContext,
  id: number,
  form: MultipartForm,
  expected?: string[],
) {
  return withFiles(deps, form, async (tx, placed) => {
    const current = await lockProposal(tx, id);
    if (!canEditContactPerson(auth, current)) {
      // A consultant asking for another consultant's proposal learns nothing about it.
      if (auth.role === 'consultan') throw notFound();
      throw forbidden();
    }
    assertFresh(current.updatedAt, expected);
    const before = await proposalSnapshots(tx, [id]);
    const input: TContactPerson = parseInput(ZContactPerson, form.fields);
    await checkReferences(tx, input, current);
    const keep = await fileQueries.ownFileIds(tx, id, 'proposal', input.existingFileId);
    checkFileCount(keep.length, form.files.length);
    await writeQueries.updateProposal(tx, id, {
      proposalDate: input.proposalDate,
      proposerName: input.proposerName,
      phoneNumber: input.phoneNumber,
      roadId: input.roadId,
      villageId: input.villageId,
      rtNumber: input.rtNumber ?? null,
      rwNumber: input.rwNumber ?? null,
      address: input.address,
    });
    const removedKeys = await fileQueries.deleteFilesExcept(tx, id, 'proposal', keep);
    await placed.place(tx, id, 'proposal', form.files, auth.userId);
    await auditProposals(tx, auth.userId, 'contact-person', [id], before);
    return { id, removedKeys };
  });
}
