import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_SCHEMES, RICH_TEXT_TAGS } from '@eusulan/shared';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
/** An absolute link of an allowed scheme; anything else (javascript:, data:, relative) is dropped. */
const ALLOWED_URI = new RegExp(`^(?:${RICH_TEXT_SCHEMES.join('|')}):`, 'i');

/** Stored rich text cleaned again in the browser, to the same allow-list the server keeps on input. */
export function purifyRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
  });
}

/**
 * Rich text from the server (damage identification, suggestion): sanitised on input there, and again here
 * before it reaches the DOM, so a row written past the server's sanitiser still runs no script.
 */
export function SafeHtml({ html, className, testId }: { html: string; className: string; testId: string }) {
  const clean = useMemo(() => purifyRichText(html), [html]);
  return (
    <div
      className={className}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: purified by DOMPurify to the shared allow-list
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
