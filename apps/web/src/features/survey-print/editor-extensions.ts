import { type Extensions, mergeAttributes, Node } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  allowedClasses,
  BLOCK_ID_ATTRIBUTE,
  BLOCK_LABEL_ATTRIBUTE,
  CELL_CLASSES,
  cellSpan,
  TABLE_CLASSES,
} from './report-schema.ts';

const classAttribute = (allowed: readonly string[]) => ({
  class: {
    default: null,
    parseHTML: (element: HTMLElement) => allowedClasses(element.getAttribute('class'), allowed),
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.class ? { class: attributes.class } : {},
  },
});

/** The letter's tables: rows of cells holding paragraphs; only the report's own classes survive. */
const ReportTable = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  addAttributes: () => classAttribute(TABLE_CLASSES),
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
});

const ReportTableRow = Node.create({
  name: 'tableRow',
  content: '(tableCell | tableHeader)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: () => ['tr', 0],
});

const cellAttributes = () => ({
  ...classAttribute(CELL_CLASSES),
  colspan: {
    default: 1,
    parseHTML: (element: HTMLElement) => cellSpan(element.getAttribute('colspan')),
    renderHTML: (attributes: Record<string, unknown>) =>
      cellSpan(attributes.colspan) > 1 ? { colspan: cellSpan(attributes.colspan) } : {},
  },
});

const ReportTableCell = Node.create({
  name: 'tableCell',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'td' }],
  renderHTML: ({ HTMLAttributes }) => ['td', HTMLAttributes, 0],
});

const ReportTableHeader = Node.create({
  name: 'tableHeader',
  content: 'block+',
  isolating: true,
  addAttributes: cellAttributes,
  parseHTML: () => [{ tag: 'th' }],
  renderHTML: ({ HTMLAttributes }) => ['th', HTMLAttributes, 0],
});

/**
 * A fixed block (letterhead, a map, a photo page) kept by id only: it can be moved or removed, never edited
 * inside, and the report draws it from its own data. Its markup is never read, so pasting HTML cannot smuggle
 * content in; an unknown id draws nothing.
 */
const ReportBlock = Node.create({
  name: 'reportBlock',
  group: 'block',
  atom: true,
  draggable: true,
  addAttributes: () => ({
    blockId: {
      default: '',
      parseHTML: (element: HTMLElement) => element.getAttribute(BLOCK_ID_ATTRIBUTE) ?? '',
      renderHTML: (attributes: Record<string, unknown>) => ({ [BLOCK_ID_ATTRIBUTE]: attributes.blockId }),
    },
    label: {
      default: '',
      parseHTML: (element: HTMLElement) => element.getAttribute(BLOCK_LABEL_ATTRIBUTE) ?? '',
      renderHTML: (attributes: Record<string, unknown>) => ({ [BLOCK_LABEL_ATTRIBUTE]: attributes.label }),
    },
  }),
  parseHTML: () => [{ tag: `div[${BLOCK_ID_ATTRIBUTE}]` }],
  renderHTML: ({ node, HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { class: 'report-editor__block' }),
    `${node.attrs.label || 'Blok'} (tidak dapat diedit di sini)`,
  ],
});

/**
 * What the report editor understands: report-schema.ts. The horizontal rule is the page-break marker; code,
 * links and the trailing empty line are left out since a printed letter has no use for them.
 */
export const REPORT_EDITOR_EXTENSIONS: Extensions = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3] },
    code: false,
    codeBlock: false,
    link: false,
    trailingNode: false,
  }),
  ReportTable,
  ReportTableRow,
  ReportTableCell,
  ReportTableHeader,
  ReportBlock,
];
