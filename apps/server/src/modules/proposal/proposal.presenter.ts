import {
  CONSULTANT_TYPE_NAMES,
  formatDate,
  maskPhoneNumber,
  PROCESS_TYPE_NAMES,
  PROPOSAL_TYPE_NAMES,
  type TProposalDetail,
  type TProposalFile,
  type TProposalRow,
} from '@eusulan/shared';
import type { ProposalRecord } from './proposal-rows.queries.ts';

/** The media link of a stored proposal file; the web adds ?token= (spec §7). */
export const proposalFileLink = (id: number) => `/api-web/media/proposal-file/${id}`;

/** Spec §3 Proposal, as every proposal list shows it. */
export function presentProposalRow(row: ProposalRecord): TProposalRow {
  return {
    id: row.id,
    proposalType: row.proposalType,
    proposalTypeName: PROPOSAL_TYPE_NAMES[row.proposalType],
    proposalDate: row.proposalDate,
    date: formatDate(row.proposalDate),
    createdAt: row.createdAt,
    proposerName: row.proposerName,
    phoneNumber: row.phoneNumber,
    road: row.roadId && row.roadName ? { id: row.roadId, name: row.roadName } : null,
    village: {
      id: row.villageId,
      name: row.villageName,
      subdistrict: { id: row.subdistrictId, name: row.subdistrictName },
    },
    rtNumber: row.rtNumber ?? '-',
    rwNumber: row.rwNumber ?? '-',
    address: row.address,
    statusType: row.statusType,
    processType: row.processType,
    processTypeName: row.processType ? PROCESS_TYPE_NAMES[row.processType] : null,
    historyCount: row.historyCount,
    placeHistoryCount: row.placeHistoryCount,
    hasSurvey: row.historyCount > 0,
    consultant: {
      id: row.consultantId,
      name: row.consultantName,
      consultantType: row.consultantType,
      consultantTypeName: CONSULTANT_TYPE_NAMES[row.consultantType],
    },
  };
}

/** A proposal as a reader without access to personal data sees it (policy: seesPersonalData). */
export const withMaskedPhone = <T extends { phoneNumber: string }>(proposal: T): T => ({
  ...proposal,
  phoneNumber: maskPhoneNumber(proposal.phoneNumber),
});

interface FileRow {
  id: number;
  kind: 'proposal' | 'structural';
  name: string;
  ext: string;
  size: number;
}

const presentFile = (file: FileRow): TProposalFile => ({
  id: file.id,
  name: file.name,
  ext: file.ext,
  size: Number(file.size),
  link: proposalFileLink(file.id),
});

export function presentProposalDetail(
  row: ProposalRecord,
  files: FileRow[],
  permissions: Pick<TProposalDetail, 'canEdit' | 'canEditContactPerson' | 'canChangeProcess'>,
  surveys: Pick<TProposalDetail, 'survey' | 'surveyHistories'> = { survey: null, surveyHistories: [] },
): TProposalDetail {
  return {
    ...presentProposalRow(row),
    proposalFiles: files.filter((file) => file.kind === 'proposal').map(presentFile),
    proposalFilesStruktural: files.filter((file) => file.kind === 'structural').map(presentFile),
    surveyorName: row.consultantName,
    canEdit: permissions.canEdit,
    canEditContactPerson: permissions.canEditContactPerson,
    canChangeProcess: permissions.canChangeProcess,
    survey: surveys.survey,
    surveyHistories: surveys.surveyHistories,
  };
}
