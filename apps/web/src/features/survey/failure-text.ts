import { describeApiError } from '../../lib/errors.ts';

/**
 * One line for a failed upload or save, shown beside it rather than in a dialog: the server's message or the
 * spec's connection text. Null for a 401, which the common handler must take (it signs out).
 */
export function failureText(error: unknown): string | null {
  const reaction = describeApiError(error);
  switch (reaction.kind) {
    case 'alert':
      return reaction.content;
    case 'validation':
      return reaction.messages.join(' ');
    default:
      return null;
  }
}
