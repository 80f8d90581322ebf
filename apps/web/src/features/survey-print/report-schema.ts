/**
 * What the report editor keeps of the report, shared by the editor (Tiptap) and the renderer of an edited
 * report, so both accept exactly the same: paragraphs, headings, lists, bold/italic/underline/strike,
 * tables with the report's own classes, the page-break marker, and fixed blocks referenced by id.
 */

/** Tables of the letter; any other class is dropped. */
export const TABLE_CLASSES = ['report-fields', 'report-items', 'report-cost', 'report-signatures'] as const;
/** Cells: numbers right-aligned, field labels and the ':' column of the field tables. */
export const CELL_CLASSES = ['is-number', 'is-label', 'is-colon'] as const;

/** The attribute that marks a fixed block (letterhead, a map, a photo page) and the one naming it. */
export const BLOCK_ID_ATTRIBUTE = 'data-report-block';
export const BLOCK_LABEL_ATTRIBUTE = 'data-label';

/** Keeps only the allowed names of a class list; null when none is left. */
export function allowedClasses(value: unknown, allowed: readonly string[]): string | null {
  if (typeof value !== 'string') return null;
  const kept = value.split(/\s+/).filter((name) => allowed.includes(name));
  return kept.length > 0 ? kept.join(' ') : null;
}

/** A colspan as a small positive whole number (a cell never spans more than the cost table's 6 columns). */
export function cellSpan(value: unknown): number {
  const span = Number(value);
  return Number.isInteger(span) && span > 1 ? Math.min(span, 6) : 1;
}
