/**
 * What stored rich text (damage identification, suggestion, report edits) may hold: the formatting an
 * editor produces, no scripts, event handlers, styles or images. The server sanitises to this on input
 * (sanitize-html) and the web again on output (DOMPurify), so neither side alone keeps a script out.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'blockquote',
  'h1',
  'h2',
  'h3',
  'h4',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'span',
  'div',
] as const;

export const RICH_TEXT_ATTRIBUTES = {
  a: ['href', 'target', 'rel'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
} as const;

/** Links only to the web and to mail. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto'] as const;
