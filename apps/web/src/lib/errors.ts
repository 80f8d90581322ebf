import { STALE_COPY_MESSAGE } from '@eusulan/shared';
import { createElement } from 'react';
import { getFeedback } from './feedback.tsx';
import { isApiError } from './http.ts';

/** The texts of the common handler (spec §8). */
export const ERROR_TEXTS = {
  oopsTitle: 'Oopss...',
  okButton: 'Ok',
  validationTitle: 'Peringatan..',
  notFound: 'Request/Resource not found!',
  connection: 'Terjadi kesalahan koneksi',
  /** Under an error's text: the id IT finds the request's log lines by. */
  requestId: (id: string) => `Kode permintaan: ${id}`,
} as const;

/** What the common handler does for one failure; pure so it can be tested without a DOM. */
export type ErrorReaction =
  | { kind: 'ignore' }
  | { kind: 'sign-out' }
  | { kind: 'alert'; title: string; content: string; requestId?: string }
  | { kind: 'validation'; title: string; messages: string[] };

const asMessages = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(asMessages);
  return [];
};

/** Distinct field messages of a 422 body: `errors` ({ field: [messages] }), else `data` when it is such a map. */
export function validationMessages(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const { errors, data } = body as { errors?: unknown; data?: unknown };
  const map = errors && typeof errors === 'object' ? errors : data && typeof data === 'object' ? data : null;
  if (!map) return [];
  return [...new Set(Object.values(map).flatMap(asMessages))];
}

/** A save refused because someone else saved the record after the form's copy was loaded (If-Match). */
export const isStaleCopyError = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.body?.status?.message === STALE_COPY_MESSAGE;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

export function describeApiError(error: unknown): ErrorReaction {
  const reaction = reactionTo(error);
  const requestId = isApiError(error) ? error.requestId : null;
  // Only failures staff may need IT for: a 422 lists what the user typed wrong, no id helps there.
  return reaction.kind === 'alert' && requestId ? { ...reaction, requestId } : reaction;
}

function reactionTo(error: unknown): ErrorReaction {
  if (isAbort(error)) return { kind: 'ignore' };
  const status = isApiError(error) ? error.status : null;
  const serverMessage = isApiError(error) ? error.body?.status?.message : undefined;
  switch (status) {
    case 400:
    case 403:
    // 409: the record is no longer where the request found it (a repeated submit, a stale copy); the server
    // says so in Indonesian, where the spec's 'Terjadi kesalahan koneksi' would send the user to the network.
    case 409:
    // 503: the server is busy (the embedded database's queue): its message says to try again shortly.
    case 503:
      return {
        kind: 'alert',
        title: ERROR_TEXTS.oopsTitle,
        content: serverMessage || ERROR_TEXTS.connection,
      };
    case 401:
      return { kind: 'sign-out' };
    case 404:
      return { kind: 'alert', title: ERROR_TEXTS.oopsTitle, content: ERROR_TEXTS.notFound };
    case 422: {
      const messages = validationMessages(isApiError(error) ? error.body : null);
      return {
        kind: 'validation',
        title: ERROR_TEXTS.validationTitle,
        messages: messages.length > 0 ? messages : [serverMessage || ERROR_TEXTS.connection],
      };
    }
    default:
      return { kind: 'alert', title: ERROR_TEXTS.oopsTitle, content: ERROR_TEXTS.connection };
  }
}

let onUnauthenticated: () => void = () => {
  localStorage.clear();
  window.location.assign('/login');
};

/** The app registers how a 401 signs the user out (clear storage and profile, go to /login). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/** Small and grey under the message; one click selects the whole id for copying. */
const REQUEST_ID_STYLE = {
  marginTop: 8,
  fontSize: 12,
  color: 'rgba(0, 0, 0, 0.58)',
  userSelect: 'all',
} as const;

// Several calls failing together (server down) must not stack identical dialogs.
const openDialogs = new Set<string>();

function showOnce(key: string, open: (afterClose: () => void) => void) {
  if (openDialogs.has(key)) return;
  openDialogs.add(key);
  open(() => openDialogs.delete(key));
}

/** The common error handler of spec §8. */
export function handleApiError(error: unknown): void {
  const reaction = describeApiError(error);
  const modal = getFeedback()?.modal;
  switch (reaction.kind) {
    case 'ignore':
      return;
    case 'sign-out':
      onUnauthenticated();
      return;
    case 'alert':
      if (!modal) return;
      showOnce(`alert:${reaction.content}`, (afterClose) =>
        modal.error({
          title: reaction.title,
          content: reaction.requestId
            ? createElement(
                'div',
                null,
                reaction.content,
                createElement(
                  'div',
                  {
                    className: 'error-request-id',
                    'data-testid': 'error-request-id',
                    style: REQUEST_ID_STYLE,
                  },
                  ERROR_TEXTS.requestId(reaction.requestId),
                ),
              )
            : reaction.content,
          okText: ERROR_TEXTS.okButton,
          afterClose,
        }),
      );
      return;
    case 'validation':
      if (!modal) return;
      showOnce(`validation:${reaction.messages.join('|')}`, (afterClose) =>
        modal.warning({
          title: reaction.title,
          content: createElement(
            'ul',
            { className: 'validation-list', 'data-testid': 'validation-messages' },
            reaction.messages.map((message) => createElement('li', { key: message }, message)),
          ),
          okText: ERROR_TEXTS.okButton,
          afterClose,
        }),
      );
      return;
  }
}
