import type { ReactNode } from 'react';
import { BLOCK_ID_ATTRIBUTE, BLOCK_LABEL_ATTRIBUTE } from '../report-schema.ts';

/** A part of the report the editor moves or removes as a whole but never edits inside (maps, photos). */
export interface TReportBlock {
  /** What the editor shows in its place: 'Peta Ruas 1'. */
  label: string;
  node: ReactNode;
}

/** The report's fixed blocks by id; an edited report refers to them by that id only, never by markup. */
export type TReportBlocks = Readonly<Record<string, TReportBlock>>;

/** Draws a fixed block with the markers the editor reads; an unknown id (pasted in) draws nothing. */
export function ReportBlock({ id, blocks }: { id: string; blocks: TReportBlocks }) {
  const block = blocks[id];
  if (!block) return null;
  return (
    <div className="report-block" {...{ [BLOCK_ID_ATTRIBUTE]: id, [BLOCK_LABEL_ATTRIBUTE]: block.label }}>
      {block.node}
    </div>
  );
}
