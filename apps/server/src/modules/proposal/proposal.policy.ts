import type { TConsultantType, TProcessType, TStatusType } from '@eusulan/shared';
import type { AuthContext } from '../../plugins/auth.ts';

interface ProposalOwnership {
  consultantId: number;
  statusType: TStatusType;
}

/**
 * Admin and structural see every proposal, a consultant those assigned to it, umum only those the maps
 * dashboard draws (its screens open no other): a proposal not yet surveyed is a citizen's request, not a
 * public record. `isDrawnOnMap` is needed for umum only; left out, umum sees nothing.
 */
export const canViewProposal = (
  auth: AuthContext,
  proposal: { consultantId: number; isDrawnOnMap?: boolean },
) => {
  if (auth.role === 'consultan')
    return auth.consultantId !== null && auth.consultantId === proposal.consultantId;
  if (auth.role === 'umum') return proposal.isDrawnOnMap === true;
  return true;
};

/**
 * The proposer's phone number in full and the proposal's files (the proposer's letters, the structural
 * documents) are for the office's staff; umum sees the phone masked and no files (UU 27/2022).
 */
export const seesPersonalData = (auth: AuthContext) => auth.role !== 'umum';

/** Edit from the list: admin, and only while unverified (spec §4). */
export const canEditProposal = (auth: AuthContext, proposal: ProposalOwnership) =>
  auth.role === 'admin' && proposal.statusType === 'unverified';

/** Contact-person edit in the detail dialog: every role that sees the proposal but umum (spec §6). */
export const canEditContactPerson = (auth: AuthContext, proposal: ProposalOwnership) =>
  auth.role !== 'umum' && canViewProposal(auth, proposal);

/**
 * A surveyed proposal awaits the structural decision; a finished one whose decision was Pending may be
 * decided again (DESIGN §4). Not yet surveyed, or already Proyek or Swakelola: nothing to decide.
 */
export const awaitsProcessDecision = (proposal: {
  statusType: TStatusType;
  processType: TProcessType | null;
}) =>
  proposal.statusType === 'surveyed' ||
  (proposal.statusType === 'finished' && proposal.processType === 'pending');

/** The approval panel (spec §6): structural officials only. */
export const canChangeProcess = (
  auth: AuthContext,
  proposal: { statusType: TStatusType; processType: TProcessType | null },
) => auth.role === 'structural' && awaitsProcessDecision(proposal);

/** A consultant's lists are scoped to its own proposals, umum's (the place history) to those on the map. */
export const proposalScopeOf = (auth: AuthContext) => {
  if (auth.role === 'consultan') return { consultantId: auth.consultantId ?? -1 };
  if (auth.role === 'umum') return { drawnOnMap: true, hidesPhone: true };
  return {};
};

/**
 * The consultants the form offers for a village (select-list/consultant with villageId): every external
 * consultant, and the internal ones (Rayon) of the village's district.
 */
export const consultantServesVillage = (
  consultant: { consultantType: TConsultantType; districtId: number | null },
  villageDistrictId: number | null,
) =>
  consultant.consultantType === 'external' ||
  (consultant.districtId !== null && consultant.districtId === villageDistrictId);
