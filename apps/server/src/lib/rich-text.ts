import sanitizeHtml from 'sanitize-html';

/**
 * Rich text (damage identification, suggestion, report edits) is stored sanitised: the formatting an
 * editor produces, no scripts, no event handlers, no styles, links only to http(s) and mailto.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: { a: ['href', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer', target: '_blank' }) },
  disallowedTagsMode: 'discard',
};

export const sanitizeRichText = (html: string) => sanitizeHtml(html, OPTIONS).trim();

/** Block ends that become line breaks when rich text is flattened. */
const BLOCK_END = /<\/(p|div|h[1-6]|li|tr|blockquote|table)>|<br\s*\/?>|<hr\s*\/?>/gi;
/** The only entities sanitize-html writes into text. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * Stored rich text as plain text for a spreadsheet cell: paragraphs and list items on their own lines
 * ('- ' before each item), every tag dropped, entities decoded.
 */
export function richTextToPlain(html: string): string {
  const marked = html.replace(/<li[^>]*>/gi, '$&- ').replace(BLOCK_END, '$&\n');
  const text = sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
