import { describeApiError, ERROR_TEXTS } from '../../lib/errors.ts';

/**
 * One line for a failed upload or save, shown beside it rather than in a dialog: the server's message or the
 * spec's connection text, with the request's id when the server named it. Null for a 401, which the common handler must take (it signs out).
 */
export function failureText(error: unknown): string | null {
  const reaction = describeApiError(error);
  switch (reaction.kind) {
    case 'alert':
      return reaction.requestId
        ? `${reaction.content} (${ERROR_TEXTS.requestId(reaction.requestId)})`
        : reaction.content;
    case 'validation':
      return reaction.messages.join(' ');
    default:
      return null;
  }
}
