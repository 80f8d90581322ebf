import { useEffect } from 'react';
import { handleApiError } from './errors.ts';
import { isApiError } from './http.ts';

/**
 * The record id in a detail page's address: a positive integer, as the server reads a path id (one to nine
 * digits), else null. A malformed id is answered on the page without asking the server.
 */
export function recordIdOf(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,9}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/** The server knows no such record (or hides it from this user, which it also answers 404). */
export const isNotFoundError = (error: unknown) => isApiError(error) && error.status === 404;

/**
 * For a detail page's queries marked `handlesOwnErrors`: a 404 is the page's own message, every other
 * failure still goes to the common handler (spec §8), once per failure (a page may have two queries).
 */
export function useCommonHandlerUnlessNotFound(error: unknown, otherError: unknown = null) {
  useEffect(() => {
    if (error && !isNotFoundError(error)) handleApiError(error);
  }, [error]);
  useEffect(() => {
    if (otherError && !isNotFoundError(otherError)) handleApiError(otherError);
  }, [otherError]);
}
