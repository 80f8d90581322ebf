import { PROCESS_CHOICES, PROCESS_MESSAGES, ZChangeProcess } from '@eusulan/shared';
import { badRequest, conflict } from '../../lib/http-error.ts';
import type { MultipartForm } from '../../lib/uploads.ts';
import { parseInput } from '../../lib/validate.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { proposalSnapshots } from '../audit/audit.queries.ts';
import { auditProposals } from '../audit/audit.service.ts';
import { awaitsProcessDecision } from '../proposal/proposal.policy.ts';
import { checkFileCount, type Deps, lockProposal, withFiles } from '../proposal/proposal.service.ts';
import { markApproved } from './process.queries.ts';

/**
 * The structural approval (POST process/{id}/change-process): stores the process type, sets the proposal
 * finished and keeps the uploaded documents as its structural files, in one transaction with the files.
 */
export async function changeProcess(deps: Deps, auth: AuthContext, id: number, form: MultipartForm) {
  return withFiles(deps, form, async (tx, placed) => {
    const current = await lockProposal(tx, id);
    const { processType } = parseInput(ZChangeProcess, form.fields);
    if (!awaitsProcessDecision(current)) {
      // Decided already (the row's lock made a second approver wait for the first): a repeat, not a mistake.
      if (current.statusType === 'finished') throw conflict(PROCESS_MESSAGES.alreadyApproved);
      throw badRequest(PROCESS_MESSAGES.notApprovable);
    }
    checkFileCount(0, form.files.length);
    const before = await proposalSnapshots(tx, [id]);
    await markApproved(tx, id, PROCESS_CHOICES[processType], auth.userId);
    await placed.place(tx, id, 'structural', form.files, auth.userId);
    await auditProposals(tx, auth.userId, 'approve', [id], before);
    return { id, removedKeys: [] };
  });
}
