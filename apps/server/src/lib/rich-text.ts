import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@eusulan/shared';
import sanitizeHtml from 'sanitize-html';

/** Stored rich text keeps the shared allow-list (@eusulan/shared rich-text.ts); links open safely. */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedSchemes: [...RICH_TEXT_SCHEMES],
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
