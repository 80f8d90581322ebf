// The four operations of the crash test as the web client sends them, each made of tracked HTTP
// calls that know how to find their own effect in the database afterwards: wholly there, wholly absent, or
// (a violation) half there. Payloads and the state an operation changes are prepared before the kill
// window opens; start() then fires the calls.
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import type { TAuditAction } from '@eusulan/shared';
import { fixture, multipart } from '../test/multipart.ts';
import { withZipComment } from './completed-work-zip.ts';

export const OPERATION_KINDS = ['import', 'upload', 'survey', 'completed-work'] as const;
export type OperationKind = (typeof OPERATION_KINDS)[number];

/** Read access to the database (raw SQL) and the data directory, for judging calls after a crash. */
export interface Probe {
  rows<T>(text: string, params?: unknown[]): Promise<T[]>;
  dataDir: string;
}

export type Verdict = { state: 'present' | 'absent' } | { state: 'partial'; detail: string };

/** One HTTP call of a run: its answer (if one came) and how to find its effect. */
export class TrackedCall {
  status?: number;
  error?: string;
  /** The answer's body, when it was a 2xx. */
  body?: string;
  startedAt = 0;
  endedAt = 0;
  constructor(
    readonly label: string,
    readonly kind: OperationKind,
    readonly judge: (probe: Probe) => Promise<Verdict>,
  ) {}

  get answeredOk() {
    return this.status !== undefined && this.status >= 200 && this.status < 300;
  }

  async send(url: string, init: RequestInit) {
    this.startedAt = performance.now();
    try {
      const response = await fetch(url, init);
      // The body too: an answer is only an answer once it has fully arrived.
      const body = await response.text();
      this.status = response.status;
      if (response.ok) this.body = body;
      else this.error = body.slice(0, 300);
    } catch (error) {
      this.error = (error as Error).cause ? String((error as Error).cause) : String(error);
    }
    this.endedAt = performance.now();
    return this.answeredOk;
  }
}

/** An operation ready to fire: its calls, and run() which sends them (true when all answered 2xx). */
interface Prepared {
  calls: TrackedCall[];
  run: () => Promise<boolean>;
}

/** An operation under way: its calls, and a promise that settles when the last one has ended. */
export interface Operation {
  kind: OperationKind;
  calls: TrackedCall[];
  finished: Promise<void>;
}

/** What the crash database holds before the first start (see seedCrashWorld). */
export interface CrashWorld {
  roadId: number;
  villageId: number;
  consultantId: number;
  consultantLogin: { username: string; password: string };
  photoCategoryId: number;
  roadTypeId: number;
  asbIds: number[];
  typeWorkColorId: number;
  /** Verified proposals of the consultant, one per survey operation. */
  surveyable: number[];
}

export interface CrashSizes {
  importRows: number;
  zipFeatures: number;
  /** Padding added to each uploaded file, bytes (min, max). */
  fileBytes: [number, number];
}

export interface RunContext {
  url: string;
  admin: Record<string, string>;
  consultant: Record<string, string>;
  world: CrashWorld;
  /** The import template the server hands out, and the completed-work zip (built once). */
  payloads: { workbook(tag: string): Promise<Buffer>; zip: Buffer; zipFeatures: number };
  sizes: CrashSizes;
  random: () => number;
  tag(): string;
}

const SURVEY_SHAPE = { roads: 3, segments: 4, itemsPerRoad: 2 };

/** A real file of the given fixture, padded to a size of its own (its type is judged by its first bytes). */
function paddedFixture(context: RunContext, name: string, sendAs: string) {
  const [min, max] = context.sizes.fileBytes;
  const base = fixture(name).content;
  const content = Buffer.concat([base, randomBytes(Math.floor(min + context.random() * (max - min)))]);
  return { name: sendAs, content };
}

/** A multipart body built before the kill window, as the browser's FormData encodes it. */
async function multipartInit(
  headers: Record<string, string>,
  fields: Parameters<typeof multipart>[0],
  files: Parameters<typeof multipart>[1],
): Promise<RequestInit> {
  const body = await multipart(fields, files);
  return { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload };
}

const sortedSizes = (sizes: (number | string)[]) => sizes.map(Number).sort((a, b) => a - b);
const sameSizes = (a: number[], b: number[]) => a.length === b.length && a.every((size, i) => size === b[i]);

async function auditCount(probe: Probe, action: TAuditAction, proposalIds: number[]) {
  const [row] = await probe.rows<{ n: number }>(
    `select count(*)::int as n from audit_events where entity = 'proposal' and action = $1 and entity_id = any($2::int[])`,
    [action, proposalIds],
  );
  return row?.n ?? 0;
}

/** Present only with its audit record: the record is written in the same transaction as the change. */
async function withAudit(
  probe: Probe,
  present: boolean,
  action: TAuditAction,
  proposalIds: number[],
  expected: number,
): Promise<Verdict> {
  const found = proposalIds.length ? await auditCount(probe, action, proposalIds) : 0;
  const want = present ? expected : 0;
  if (found !== want)
    return { state: 'partial', detail: `${found} '${action}' audit records, expected ${want}` };
  return { state: present ? 'present' : 'absent' };
}

function proposalFields(context: RunContext, address: string) {
  return {
    proposalType: 'taruna',
    proposalDate: '2026-06-15',
    proposerName: 'Warga Uji Crash',
    phoneNumber: '081233344455',
    roadId: context.world.roadId,
    villageId: context.world.villageId,
    consultantId: context.world.consultantId,
    rtNumber: '02',
    rwNumber: '05',
    address,
  };
}

async function proposalState(probe: Probe, address: string) {
  return probe.rows<{ id: number; sizes: (number | string)[] }>(
    `select p.id, coalesce(array_agg(f.size) filter (where f.id is not null), '{}') as sizes
     from proposals p left join proposal_files f on f.proposal_id = p.id
     where p.address = $1 group by p.id`,
    [address],
  );
}

/** POST proposal: a proposal with its files; judged by its unique address. */
async function createProposalCall(context: RunContext, fileCount: number) {
  const tag = context.tag();
  const address = `Jl. Uji Crash ${tag}`;
  const files = Array.from({ length: fileCount }, (_, i) =>
    i % 2
      ? paddedFixture(context, 'surat-usulan.pdf', `surat ${tag}-${i}.pdf`)
      : paddedFixture(context, 'road-photo.png', `foto ${tag}-${i}.png`),
  );
  const expected = sortedSizes(files.map((file) => file.content.length));
  const call = new TrackedCall(`create ${tag}`, 'upload', async (probe) => {
    const found = await proposalState(probe, address);
    if (!found.length) return { state: 'absent' };
    const [row] = found;
    if (found.length > 1 || !row) return { state: 'partial', detail: `${found.length} proposals` };
    const sizes = sortedSizes(row.sizes);
    if (!sameSizes(sizes, expected)) {
      return { state: 'partial', detail: `files ${sizes.join(',')} instead of ${expected.join(',')}` };
    }
    return withAudit(probe, true, 'create', [row.id], 1);
  });
  const init = await multipartInit(context.admin, proposalFields(context, address), { 'files[]': files });
  return { call, run: () => call.send(`${context.url}/api-web/proposal`, init) };
}

/**
 * POST proposal/{id}: a new address, the first file kept, the others replaced by two new ones. The
 * proposal is registered first, outside the kill window; the edit's judge also finds it is still there.
 */
async function prepareUpdate(context: RunContext) {
  const created = await createProposalCall(context, 3);
  if (!(await created.run()))
    throw new Error(`could not prepare an update: ${created.call.status} ${created.call.error}`);
  const tag = context.tag();
  const registered = JSON.parse(created.call.body ?? '{}') as {
    data: { id: number; address: string; proposalFiles: { id: number; size: number }[] };
  };
  const { id: proposalId, address: before } = registered.data;
  const files = [...registered.data.proposalFiles].sort((a, b) => a.id - b.id);
  const kept = files[0];
  if (!kept) throw new Error('the prepared proposal has no files');
  const added = [
    paddedFixture(context, 'road-photo.png', `denah ${tag}.png`),
    paddedFixture(context, 'surat-usulan.pdf', `surat baru ${tag}.pdf`),
  ];
  const beforeSizes = sortedSizes(files.map((file) => file.size));
  const afterSizes = sortedSizes([kept.size, ...added.map((file) => file.content.length)]);
  const address = `Jl. Uji Crash ${tag} (diubah)`;
  const call = new TrackedCall(`update ${tag}`, 'upload', async (probe) => {
    const [state] = await probe.rows<{ address: string; sizes: (number | string)[] }>(
      `select p.address, coalesce(array_agg(f.size) filter (where f.id is not null), '{}') as sizes
       from proposals p left join proposal_files f on f.proposal_id = p.id where p.id = $1 group by p.id`,
      [proposalId],
    );
    if (!state) return { state: 'partial', detail: 'the proposal is gone' };
    const sizes = sortedSizes(state.sizes);
    const isBefore = state.address === before && sameSizes(sizes, beforeSizes);
    const isAfter = state.address === address && sameSizes(sizes, afterSizes);
    if (!isBefore && !isAfter) {
      return { state: 'partial', detail: `address '${state.address}', files ${sizes.join(',')}` };
    }
    return withAudit(probe, isAfter, 'update', [proposalId], 1);
  });
  const init = await multipartInit(
    context.admin,
    { ...proposalFields(context, address), existingFileId: [kept.id] },
    { 'files[]': added },
  );
  return { calls: [call], run: () => call.send(`${context.url}/api-web/proposal/${proposalId}`, init) };
}

/** POST proposal/import-template: N rows in one transaction; judged by the tag every address ends with. */
async function prepareImport(context: RunContext) {
  const tag = context.tag();
  const workbook = await context.payloads.workbook(tag);
  const rows = context.sizes.importRows;
  const call = new TrackedCall(`import ${tag}`, 'import', async (probe) => {
    const found = await probe.rows<{ id: number }>(`select id from proposals where address like $1`, [
      `% ${tag}`,
    ]);
    if (found.length !== 0 && found.length !== rows) {
      return { state: 'partial', detail: `${found.length} of ${rows} rows` };
    }
    return withAudit(
      probe,
      found.length === rows,
      'import',
      found.map((row) => row.id),
      rows,
    );
  });
  const init = await multipartInit(
    context.admin,
    { proposalType: 'pokir' },
    { file: [{ name: `Import ${tag}.xlsx`, content: workbook }] },
  );
  return { calls: [call], run: () => call.send(`${context.url}/api-web/proposal/import-template`, init) };
}

/** POST completed-work: a year's zip, its list row and every work in one transaction. */
async function prepareCompletedWork(context: RunContext) {
  const tag = context.tag();
  const fileName = `Pekerjaan Selesai ${tag}.zip`;
  const { zipFeatures } = context.payloads;
  // A file of its own each call: the same bytes again would be refused as imported before.
  const zip = withZipComment(context.payloads.zip, tag);
  const call = new TrackedCall(`completed-work ${tag}`, 'completed-work', async (probe) => {
    const found = await probe.rows<{ key: string; works: number }>(
      `select i.storage_key as key, (select count(*)::int from completed_works w where w.import_id = i.id) as works
       from completed_work_imports i where i.file_name = $1`,
      [fileName],
    );
    if (!found.length) return { state: 'absent' };
    const [row] = found;
    if (found.length > 1 || !row) return { state: 'partial', detail: `${found.length} imports` };
    if (row.works !== zipFeatures)
      return { state: 'partial', detail: `${row.works} of ${zipFeatures} works` };
    const size = statSync(path.join(probe.dataDir, 'files', row.key), { throwIfNoEntry: false })?.size;
    if (size !== zip.length)
      return { state: 'partial', detail: `stored zip of ${size} bytes, sent ${zip.length}` };
    return { state: 'present' };
  });
  const init = await multipartInit(
    context.admin,
    { year: 2020 + Math.floor(context.random() * 6), type_work_id: context.world.typeWorkColorId },
    { file: [{ name: fileName, content: zip }] },
  );
  return { calls: [call], run: () => call.send(`${context.url}/api-web/completed-work`, init) };
}

async function surveyMediaCount(
  probe: Probe,
  table: 'survey_photos' | 'survey_videos',
  proposalId: number,
  name: string,
  size: number,
) {
  const [row] = await probe.rows<{ n: number }>(
    `select count(*)::int as n from ${table} m join surveys s on s.id = m.survey_id
     where s.proposal_id = $1 and m.name = $2 and m.size = $3`,
    [proposalId, name, size],
  );
  return row?.n ?? 0;
}

/** A photo or video added to the open draft of a proposal (POST /api/survey/{id}/photo|video). */
async function surveyMediaCall(context: RunContext, proposalId: number, kind: 'photo' | 'video') {
  const tag = context.tag();
  const file =
    kind === 'photo'
      ? paddedFixture(context, 'road-photo.png', `foto-${tag}.png`)
      : paddedFixture(context, 'survey-clip.mp4', `video-${tag}.mp4`);
  const table = kind === 'photo' ? 'survey_photos' : 'survey_videos';
  const call = new TrackedCall(`survey ${kind} ${tag}`, 'survey', async (probe) => {
    const n = await surveyMediaCount(probe, table, proposalId, file.name, file.content.length);
    if (n > 1) return { state: 'partial', detail: `${n} rows` };
    // Each media call on a proposal is the only one of its kind there, so one audit record per row.
    return withAudit(probe, n === 1, `survey-${kind}-add`, [proposalId], 1);
  });
  const fields =
    kind === 'photo' ? { photoCategoryId: context.world.photoCategoryId } : { description: `Rekaman ${tag}` };
  const init = await multipartInit(context.consultant, fields, { file: [file] });
  return { call, run: () => call.send(`${context.url}/api/survey/${proposalId}/${kind}`, init) };
}

function surveyDraftCall(context: RunContext, proposalId: number) {
  const tag = context.tag();
  const { roads, segments, itemsPerRoad } = SURVEY_SHAPE;
  const roadCondition = `Aspal retak ${tag}`;
  const body = {
    roadTypes: [context.world.roadTypeId],
    roadCondition,
    canalExisting: 'Ada, di kedua sisi',
    canalCondition: 'Sedimentasi tinggi',
    damageIdentification: '<p>Lubang di beberapa titik</p>',
    suggestion: '<p>Pengaspalan ulang</p>',
    surveyRoad: Array.from({ length: roads }, (_, road) => ({
      drawLine: {
        lokasi: Array.from({ length: segments }, (_, i) => ({
          startLat: -7.25 - road * 0.01 - i * 0.001,
          startLon: 112.73 + i * 0.001,
          endLat: -7.25 - road * 0.01 - (i + 1) * 0.001,
          endLon: 112.73 + (i + 1) * 0.001,
        })),
      },
      asbSurveyors: context.world.asbIds
        .slice(0, itemsPerRoad)
        .map((asbSurveyorId, i) => ({ asbSurveyorId, long: 50 + road * 10 + i, wide: 4 + i })),
    })),
  };
  const call = new TrackedCall(`survey draft ${tag}`, 'survey', async (probe) => {
    const [state] = await probe.rows<{ roads: number; items: number; types: number; condition: string }>(
      `select (select count(*)::int from survey_roads r where r.survey_id = s.id) as roads,
              (select count(*)::int from survey_road_asb_items i join survey_roads r on r.id = i.survey_road_id
               where r.survey_id = s.id) as items,
              (select count(*)::int from survey_road_types t where t.survey_id = s.id) as types,
              s.road_condition as condition
       from surveys s where s.proposal_id = $1`,
      [proposalId],
    );
    const isAbsent =
      !state || (state.roads === 0 && state.items === 0 && state.types === 0 && state.condition === '');
    const isPresent =
      state?.roads === roads &&
      state.items === roads * itemsPerRoad &&
      state.types === 1 &&
      state.condition === roadCondition;
    if (!isAbsent && !isPresent) {
      return {
        state: 'partial',
        detail: `draft with ${state?.roads} roads, ${state?.items} items, ${state?.types} types`,
      };
    }
    return withAudit(probe, isPresent, 'survey-save', [proposalId], 1);
  });
  const run = () =>
    call.send(`${context.url}/api/survey/${proposalId}`, {
      method: 'POST',
      headers: { ...context.consultant, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { call, run };
}

function surveySubmitCall(context: RunContext, proposalId: number) {
  const call = new TrackedCall(`survey submit ${proposalId}`, 'survey', async (probe) => {
    const [state] = await probe.rows<{ submitted: number; status: string }>(
      `select (select count(*)::int from surveys s where s.proposal_id = p.id and not s.is_draft) as submitted,
              p.status_type as status
       from proposals p where p.id = $1`,
      [proposalId],
    );
    const isPresent = state?.submitted === 1 && state.status === 'surveyed';
    const isAbsent = state?.submitted === 0 && state.status === 'verified';
    if (!isPresent && !isAbsent) {
      return { state: 'partial', detail: `${state?.submitted} submitted surveys, proposal ${state?.status}` };
    }
    return withAudit(probe, isPresent, 'survey-submit', [proposalId], 1);
  });
  const run = () =>
    call.send(`${context.url}/api/survey/${proposalId}/submit`, {
      method: 'POST',
      headers: context.consultant,
    });
  return { call, run };
}

function takeSurveyable(context: RunContext) {
  const id = context.world.surveyable.shift();
  if (id === undefined) throw new Error('no verified proposal left to survey; seed more');
  return id;
}

/** A survey from draft to submission: save, a photo, a video, submit; the sequence stops at a failed call. */
async function prepareSurvey(context: RunContext) {
  const proposalId = takeSurveyable(context);
  const steps = [
    surveyDraftCall(context, proposalId),
    await surveyMediaCall(context, proposalId, 'photo'),
    await surveyMediaCall(context, proposalId, 'video'),
    surveySubmitCall(context, proposalId),
  ];
  const run = async () => {
    for (const step of steps) if (!(await step.run())) return false;
    return true;
  };
  return { calls: steps.map((step) => step.call), run };
}

/** A registration with files and, alongside, an edit that replaces files of another proposal. */
async function prepareUpload(context: RunContext) {
  const update = await prepareUpdate(context);
  const create = await createProposalCall(context, 3);
  const run = async () => {
    const [created, updated] = await Promise.all([create.run(), update.run()]);
    return created && updated;
  };
  return { calls: [create.call, ...update.calls], run };
}

/** Smaller calls fired alongside the main operation: a registration, or a photo of another survey. */
async function prepareSide(context: RunContext): Promise<Prepared> {
  if (context.random() < 0.5) {
    const create = await createProposalCall(context, 1 + Math.floor(context.random() * 2));
    return { calls: [create.call], run: create.run };
  }
  const photo = await surveyMediaCall(context, takeSurveyable(context), 'photo');
  return { calls: [photo.call], run: photo.run };
}

const PREPARE: Record<OperationKind, (context: RunContext) => Promise<Prepared>> = {
  import: prepareImport,
  upload: prepareUpload,
  survey: prepareSurvey,
  'completed-work': prepareCompletedWork,
};

/** Prepares the operation (payloads, the state it changes); the returned function fires it. */
export async function prepareOperation(kind: OperationKind, context: RunContext) {
  const prepared = await PREPARE[kind](context);
  return Object.assign(
    (): Operation => ({ kind, calls: prepared.calls, finished: prepared.run().then(() => undefined) }),
    { calls: prepared.calls },
  );
}

/** Prepares `count` side calls; the returned function fires them all. */
export async function prepareSideCalls(context: RunContext, count: number) {
  const prepared: Prepared[] = [];
  for (let i = 0; i < count; i++) prepared.push(await prepareSide(context));
  return () => ({
    calls: prepared.flatMap((side) => side.calls),
    finished: Promise.all(prepared.map((side) => side.run())).then(() => undefined),
  });
}
