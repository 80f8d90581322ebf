import type { TProcessType, TStatusType } from '@eusulan/shared';
import type { AuthContext } from '../../plugins/auth.ts';

interface ProposalOwnership {
  consultantId: number;
  statusType: TStatusType;
}

/** Admin, structural and umum see every proposal; a consultant only those assigned to it. */
export const canViewProposal = (auth: AuthContext, proposal: { consultantId: number }) =>
  auth.role !== 'consultan' || (auth.consultantId !== null && auth.consultantId === proposal.consultantId);

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

/** A consultant's lists are scoped to its own proposals. */
export const proposalScopeOf = (auth: AuthContext) =>
  auth.role === 'consultan' ? { consultantId: auth.consultantId ?? -1 } : {};
