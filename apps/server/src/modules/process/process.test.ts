import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  PROCESS_MESSAGES,
  PROPOSAL_MESSAGES,
  type TProcessType,
  type TProposalDetail,
  type TProposalRow,
  type TStatusType,
} from '@eusulan/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPlace, buildProposal } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { fixture, multipart, type UploadPart } from '../../../test/multipart.ts';
import { proposalFiles, proposals } from '../../db/schema/index.ts';

let t: TestApp;
let structural: Record<string, string>;
let structuralUserId: number;
let admin: Record<string, string>;
let consultant: { headers: Record<string, string>; consultantId: number };
let villageId: number;

beforeAll(async () => {
  t = await createTestApp();
  const official = await t.signIn('structural');
  structural = official.headers;
  structuralUserId = official.user.id;
  admin = (await t.signIn('admin')).headers;
  const surveyor = await t.signIn('consultan');
  consultant = { headers: surveyor.headers, consultantId: surveyor.user.consultantId! };
  villageId = (await buildPlace(t.db, { subdistrict: 'Gubeng' })).villageId;
});
afterAll(async () => {
  await t.close();
});

async function makeProposals(
  rows: {
    status: TStatusType;
    process?: TProcessType;
    type?: 'taruna' | 'umum';
    date?: string;
    name?: string;
  }[],
) {
  const ids: number[] = [];
  for (const [index, row] of rows.entries()) {
    const proposal = await buildProposal(t.db, {
      proposalType: row.type ?? 'umum',
      proposalDate: row.date ?? '2026-05-01',
      proposerName: row.name ?? `Warga ${index}`,
      villageId,
      consultantId: consultant.consultantId,
      statusType: row.status,
      processType: row.process ?? null,
    });
    ids.push(proposal.id);
  }
  return ids;
}

const list = async (query: string, headers = structural) => {
  const response = await t.app.inject({ method: 'GET', url: `/api-web/process?${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { data: TProposalRow[]; total: number };
};

async function changeProcess(
  id: number,
  fields: Record<string, string | undefined>,
  files: UploadPart[] = [],
  headers = structural,
) {
  const body = await multipart(fields, { 'files[]': files });
  return t.app.inject({
    method: 'POST',
    url: `/api-web/process/${id}/change-process`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const stateOf = async (id: number) => {
  const [row] = await t.db
    .select({
      status: proposals.statusType,
      process: proposals.processType,
      approvedById: proposals.approvedById,
    })
    .from(proposals)
    .where(eq(proposals.id, id));
  return row!;
};

const structuralFilesOf = (id: number) =>
  t.db.select().from(proposalFiles).where(eq(proposalFiles.proposalId, id));

describe('GET process', () => {
  let ids: number[];
  beforeAll(async () => {
    ids = await makeProposals([
      { status: 'unverified', type: 'taruna', name: 'Tono' },
      { status: 'verified', type: 'taruna', name: 'Vina' },
      { status: 'surveyed', type: 'taruna', name: 'Sari', date: '2025-02-01' },
      { status: 'finished', process: 'project', type: 'taruna', name: 'Fajar' },
      { status: 'surveyed', type: 'umum', name: 'Umar' },
    ]);
  });

  it('filters by the status select: semua, perlu_approval, belum_survey, sudah_survey', async () => {
    const names = async (statusType: string) =>
      (await list(`proposalType=taruna&statusType=${statusType}`)).data.map((row) => row.proposerName).sort();
    expect(await names('semua')).toEqual(['Fajar', 'Sari', 'Tono', 'Vina']);
    expect(await names('')).toEqual(['Fajar', 'Sari', 'Tono', 'Vina']);
    expect(await names('perlu_approval')).toEqual(['Sari']);
    expect(await names('belum_survey')).toEqual(['Vina']);
    expect(await names('sudah_survey')).toEqual(['Fajar', 'Sari']);
    expect((await list('proposalType=taruna&statusType=sudah_survey')).total).toBe(2);
  });

  it('keeps the proposal list shape, year range and search', async () => {
    const page = await list('proposalType=taruna&statusType=semua&startYear=2025&endYear=2025');
    expect(page.data.map((row) => row.id)).toEqual([ids[2]]);
    const finished = (await list('proposalType=taruna&search=fajar')).data[0]!;
    expect(finished).toMatchObject({
      statusType: 'finished',
      processType: 'project',
      processTypeName: 'Proyek',
    });
    expect(finished.village.subdistrict.name).toBe('Gubeng');
  });

  it('refuses an unknown status and every role but structural', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api-web/process?statusType=selesai',
      headers: structural,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.statusType).toEqual([PROCESS_MESSAGES.statusFilter]);
    for (const headers of [admin, consultant.headers]) {
      expect((await t.app.inject({ method: 'GET', url: '/api-web/process', headers })).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api-web/process' })).statusCode).toBe(401);
  });
});

describe('POST process/{id}/change-process', () => {
  it('approves a surveyed proposal as swakelola with documents: finished, structural files, detail back', async () => {
    const [id] = await makeProposals([{ status: 'surveyed' }]);
    const response = await changeProcess(id!, { processType: 'swakelola' }, [
      fixture('surat-usulan.pdf', 'nota dinas.pdf'),
      fixture('road-photo.png'),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status.message).toBe(PROCESS_MESSAGES.approved);
    const detail = response.json().data as TProposalDetail;
    expect(detail).toMatchObject({
      statusType: 'finished',
      processType: 'self_management',
      processTypeName: 'Swakelola',
    });
    expect(detail.proposalFilesStruktural.map((file) => file.name).sort()).toEqual([
      'nota dinas.pdf',
      'road-photo.png',
    ]);
    expect(detail.proposalFiles).toEqual([]);
    expect(detail.canChangeProcess).toBe(false);
    expect(await stateOf(id!)).toEqual({
      status: 'finished',
      process: 'self_management',
      approvedById: structuralUserId,
    });
    const stored = await structuralFilesOf(id!);
    expect(stored.map((file) => file.kind)).toEqual(['structural', 'structural']);
    for (const file of stored) {
      expect(existsSync(path.join(t.config.DATA_DIR, 'files', file.storageKey))).toBe(true);
    }
  });

  it('lets a Pending decision be made again, and adds the new documents to the old ones', async () => {
    const [id] = await makeProposals([{ status: 'surveyed' }]);
    const first = await changeProcess(id!, { processType: 'pending' }, [fixture('surat-usulan.pdf')]);
    expect(first.json().data.canChangeProcess).toBe(true);
    expect(await stateOf(id!)).toMatchObject({ status: 'finished', process: 'pending' });
    const second = await changeProcess(id!, { processType: 'proyek' }, [fixture('road-photo.png')]);
    expect(second.statusCode, second.body).toBe(200);
    expect(await stateOf(id!)).toMatchObject({ status: 'finished', process: 'project' });
    expect((await structuralFilesOf(id!)).length).toBe(2);
    // Decided for good: a further decision is a repeat (409), not a mistake.
    const third = await changeProcess(id!, { processType: 'swakelola' });
    expect(third.statusCode).toBe(409);
    expect(third.json().status.message).toBe(PROCESS_MESSAGES.alreadyApproved);
    expect(await stateOf(id!)).toMatchObject({ process: 'project' });
  });

  it('refuses a proposal that is not surveyed yet, and a missing process, storing nothing', async () => {
    const [verified, surveyed] = await makeProposals([{ status: 'verified' }, { status: 'surveyed' }]);
    const early = await changeProcess(verified!, { processType: 'proyek' }, [fixture('road-photo.png')]);
    expect(early.statusCode).toBe(400);
    expect(early.json().status.message).toBe(PROCESS_MESSAGES.notApprovable);
    expect(await stateOf(verified!)).toMatchObject({ status: 'verified', process: null });
    for (const processType of [undefined, '', '  ', 'selesai']) {
      const missing = await changeProcess(surveyed!, { processType }, [fixture('road-photo.png')]);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.processType).toEqual([PROCESS_MESSAGES.processRequired]);
    }
    expect(await stateOf(surveyed!)).toMatchObject({ status: 'surveyed', process: null });
    expect(await structuralFilesOf(verified!)).toEqual([]);
    expect(await structuralFilesOf(surveyed!)).toEqual([]);
    const folder = path.join(t.config.DATA_DIR, 'files', 'proposals', String(surveyed));
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });

  it('judges documents by content and limits their number', async () => {
    const [id] = await makeProposals([{ status: 'surveyed' }]);
    const disguised = await changeProcess(id!, { processType: 'proyek' }, [fixture('program.png')]);
    expect(disguised.statusCode).toBe(422);
    expect(disguised.json().errors.files[0]).toContain(PROPOSAL_MESSAGES.fileType);
    const eleven = Array.from({ length: 11 }, (_, index) => fixture('road-photo.png', `foto-${index}.png`));
    const tooMany = await changeProcess(id!, { processType: 'proyek' }, eleven);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.files[0]).toBe(PROPOSAL_MESSAGES.fileCount(10));
    expect(await stateOf(id!)).toMatchObject({ status: 'surveyed', process: null });
    expect(await structuralFilesOf(id!)).toEqual([]);
  });

  it('is for structural officials only; an unknown proposal is a 404', async () => {
    const [id] = await makeProposals([{ status: 'surveyed' }]);
    for (const headers of [admin, consultant.headers]) {
      expect((await changeProcess(id!, { processType: 'proyek' }, [], headers)).statusCode).toBe(403);
    }
    expect((await changeProcess(999_999, { processType: 'proyek' })).statusCode).toBe(404);
    expect(await stateOf(id!)).toMatchObject({ status: 'surveyed', process: null });
  });

  it('offers the approval panel in the detail only to structural, on a surveyed proposal', async () => {
    const [surveyed, verified] = await makeProposals([{ status: 'surveyed' }, { status: 'verified' }]);
    const canChange = async (id: number, headers: Record<string, string>) =>
      (await t.app.inject({ method: 'GET', url: `/api-web/proposal/${id}?exclude=0`, headers })).json().data
        .canChangeProcess;
    expect(await canChange(surveyed!, structural)).toBe(true);
    expect(await canChange(verified!, structural)).toBe(false);
    expect(await canChange(surveyed!, admin)).toBe(false);
    expect(await canChange(surveyed!, consultant.headers)).toBe(false);
  });
});
