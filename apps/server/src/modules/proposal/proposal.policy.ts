import type { TStatusType } from '@eusulan/shared';
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

/** A consultant's lists are scoped to its own proposals. */
export const proposalScopeOf = (auth: AuthContext) =>
  auth.role === 'consultan' ? { consultantId: auth.consultantId ?? -1 } : {};
