import { createElement, Fragment, type ReactNode } from 'react';
import { allowedClasses, CELL_CLASSES, cellSpan, TABLE_CLASSES } from '../report-schema.ts';
import { ReportBlock, type TReportBlocks } from './ReportBlock.tsx';

/** A node of an edited report as the editor hands it over (Tiptap's JSON, structurally). */
export interface TReportNode {
  type?: string;
  attrs?: Record<string, unknown>;
  content?: TReportNode[];
  text?: string;
  marks?: { type: string }[];
}

const MARK_TAGS: Readonly<Record<string, string>> = {
  bold: 'strong',
  italic: 'em',
  underline: 'u',
  strike: 's',
};

function renderText(node: TReportNode): ReactNode {
  let rendered: ReactNode = node.text ?? '';
  for (const mark of node.marks ?? []) {
    const tag = MARK_TAGS[mark.type];
    if (tag) rendered = createElement(tag, null, rendered);
  }
  return rendered;
}

const headingLevel = (value: unknown) => Math.min(Math.max(Number(value) || 2, 1), 3);

const isHeaderRow = (row: TReportNode) =>
  (row.content?.length ?? 0) > 0 && (row.content ?? []).every((cell) => cell.type === 'tableHeader');

/**
 * The rows that head a table: its leading rows of header cells (the road title and the column names of a
 * cost table), as long as some row follows them. The editor keeps rows only, so they are found again here
 * and drawn as a thead, which print repeats on every page the table runs onto.
 */
export function headerRowCount(rows: readonly TReportNode[]): number {
  let count = 0;
  while (count < rows.length - 1 && isHeaderRow(rows[count] as TReportNode)) count++;
  return count;
}

/** The ids of the fixed blocks a report holds, wherever an edit has moved them. */
export function blockIdsOf(node: TReportNode, found = new Set<string>()): Set<string> {
  if (node.type === 'reportBlock' && node.attrs?.blockId) found.add(String(node.attrs.blockId));
  for (const child of node.content ?? []) blockIdsOf(child, found);
  return found;
}

function renderNode(node: TReportNode, key: number, blocks: TReportBlocks): ReactNode {
  const children = () => node.content?.map((child, index) => renderNode(child, index, blocks));
  const attrs = node.attrs ?? {};
  switch (node.type) {
    case 'doc':
      return <Fragment key={key}>{children()}</Fragment>;
    case 'text':
      return <Fragment key={key}>{renderText(node)}</Fragment>;
    case 'paragraph':
      return <p key={key}>{children()}</p>;
    case 'heading':
      return createElement(`h${headingLevel(attrs.level)}`, { key }, children());
    case 'hardBreak':
      return <br key={key} />;
    case 'bulletList':
      return <ul key={key}>{children()}</ul>;
    case 'orderedList':
      return (
        <ol key={key} start={Number(attrs.start) || undefined}>
          {children()}
        </ol>
      );
    case 'listItem':
      return <li key={key}>{children()}</li>;
    case 'blockquote':
      return <blockquote key={key}>{children()}</blockquote>;
    // The page-break marker.
    case 'horizontalRule':
      return <hr key={key} />;
    case 'table': {
      const rows = (node.content ?? []).map((child, index) => renderNode(child, index, blocks));
      const headed = headerRowCount(node.content ?? []);
      return (
        <table key={key} className={allowedClasses(attrs.class, TABLE_CLASSES) ?? undefined}>
          {headed > 0 ? <thead>{rows.slice(0, headed)}</thead> : null}
          <tbody>{rows.slice(headed)}</tbody>
        </table>
      );
    }
    case 'tableRow':
      return <tr key={key}>{children()}</tr>;
    case 'tableCell':
    case 'tableHeader':
      return createElement(
        node.type === 'tableCell' ? 'td' : 'th',
        {
          key,
          colSpan: cellSpan(attrs.colspan),
          className: allowedClasses(attrs.class, CELL_CLASSES) ?? undefined,
        },
        children(),
      );
    case 'reportBlock':
      return <ReportBlock key={key} id={String(attrs.blockId ?? '')} blocks={blocks} />;
    default:
      return null;
  }
}

/**
 * An edited report, drawn as React elements from the editor's document (never as HTML): only the nodes of
 * report-schema.ts exist, text stays text, and fixed blocks come from the report itself by id.
 */
export function ReportDocument({ doc, blocks }: { doc: TReportNode; blocks: TReportBlocks }) {
  return <>{renderNode(doc, 0, blocks)}</>;
}
