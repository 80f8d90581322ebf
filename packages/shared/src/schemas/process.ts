import { PROPOSAL_TYPES, type TProcessType, type TStatusType } from '../enums.ts';
import { PROPOSAL_MESSAGES } from '../messages/proposal.ts';
import { ZListQuery } from './list.ts';
import { blankToUndefined, optionalYear, yearRangeRule } from './proposal.ts';
import { z } from './zod.ts';

/** Structural approval (spec §5 Approval, §8; DESIGN §4). */
export const PROCESS_MESSAGES = {
  processRequired: 'Process tidak boleh kosong',
  statusFilter: 'Status harus semua, perlu_approval, belum_survey atau sudah_survey.',
  notApprovable:
    'Usulan ini tidak dapat diproses: hanya usulan yang sudah disurvey (atau yang masih Pending) dapat diapprove.',
  approved: 'Menyetujui data usulan',
  alreadyApproved: 'Usulan ini sudah disetujui oleh pengguna lain.',
} as const;

/**
 * The status select of the process list (spec §2) and the states each option shows. 'Belum Disurvey' is
 * the label of verified proposals (spec §4): unverified ones show 'Tidak disurvey' and are not waiting
 * for a survey, so they appear only under Semua.
 */
export const PROCESS_STATUS_FILTERS = {
  semua: { label: 'Semua', statusTypes: undefined },
  perlu_approval: { label: 'Perlu Approval', statusTypes: ['surveyed'] },
  belum_survey: { label: 'Belum Disurvey', statusTypes: ['verified'] },
  sudah_survey: { label: 'Sudah Disurvey', statusTypes: ['surveyed', 'finished'] },
} as const satisfies Record<string, { label: string; statusTypes: readonly TStatusType[] | undefined }>;
export type TProcessStatusFilter = keyof typeof PROCESS_STATUS_FILTERS;
const PROCESS_STATUS_FILTER_KEYS = Object.keys(PROCESS_STATUS_FILTERS) as [
  TProcessStatusFilter,
  ...TProcessStatusFilter[],
];

/** GET process: the proposal list's paging, type and years, plus the status select. */
export const ZProcessListQuery = z
  .object({
    ...ZListQuery.shape,
    proposalType: z.preprocess(
      blankToUndefined,
      z.enum(PROPOSAL_TYPES, { error: PROPOSAL_MESSAGES.proposalType }).optional(),
    ),
    startYear: optionalYear,
    endYear: optionalYear,
    statusType: z.preprocess(
      blankToUndefined,
      z.enum(PROCESS_STATUS_FILTER_KEYS, { error: PROCESS_MESSAGES.statusFilter }).default('semua'),
    ),
  })
  .refine(...yearRangeRule);

/** The approval panel's choices as sent (spec §9: proyek, swakelola, pending) and what each stores. */
export const PROCESS_CHOICES = {
  proyek: 'project',
  swakelola: 'self_management',
  pending: 'pending',
} as const satisfies Record<string, TProcessType>;
export type TProcessChoice = keyof typeof PROCESS_CHOICES;
const PROCESS_CHOICE_KEYS = Object.keys(PROCESS_CHOICES) as [TProcessChoice, ...TProcessChoice[]];

/** POST process/{id}/change-process: the process choice (files travel as files[]). */
export const ZChangeProcess = z.object({
  processType: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z.enum(PROCESS_CHOICE_KEYS, { error: PROCESS_MESSAGES.processRequired }),
  ),
});
