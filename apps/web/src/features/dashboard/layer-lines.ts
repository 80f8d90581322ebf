import {
  type ApiEnvelope,
  MAP,
  type TDashboardEncodedCompletedWorkItem,
  type TDashboardEncodedProposalItem,
} from '@eusulan/shared';
import { decodeLineData, type LineData, type LineItem, type LineKind } from './line-store.ts';

/** Completed works are drawn wider than proposals' survey lines (those use MAP.lineWeight). */
export const WORK_WEIGHT = 4;

/**
 * A layer call's answer in the compact form (`format=encoded`) as drawable lines: proposals in the map's
 * red, works in their type's colour.
 */
export function layerLineData(kind: LineKind, envelope: ApiEnvelope<unknown> | null): LineData {
  const items: LineItem[] =
    kind === 'proposal'
      ? ((envelope?.data ?? []) as TDashboardEncodedProposalItem[]).map((proposal) => ({
          kind,
          id: proposal.proposalId,
          color: MAP.lineColor,
          weight: MAP.lineWeight,
          lines: proposal.lines,
        }))
      : ((envelope?.data ?? []) as TDashboardEncodedCompletedWorkItem[]).map((work) => ({
          kind,
          id: work.id,
          color: work.color,
          weight: WORK_WEIGHT,
          lines: work.lines,
        }));
  return decodeLineData(items);
}
