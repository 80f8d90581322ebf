import {
  type EnsureQueryDataOptions,
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { handleApiError, isStaleCopyError } from './errors.ts';

/** `meta.handlesOwnErrors`: the caller reacts to failures itself, so the common handler stays quiet. */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { handlesOwnErrors?: boolean };
    /** `offersReload`: the form reports a stale copy's 409 itself, with a 'Muat ulang' action (FormModal). */
    mutationMeta: { handlesOwnErrors?: boolean; offersReload?: boolean };
  }
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.handlesOwnErrors) handleApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.handlesOwnErrors) return;
        if (mutation.meta?.offersReload && isStaleCopyError(error)) return;
        handleApiError(error);
      },
    }),
    defaultOptions: {
      // A 4xx will not change on retry, and a dialog per attempt would be noise.
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

/**
 * A route loader's data: the answer is in the cache when the screen first renders, so its rows come
 * in that render. A failure is left to the screen: its own request asks again and reports it, once.
 */
export function ensureScreenData<TData, TKey extends QueryKey>(
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<TData | undefined> {
  return queryClient
    .ensureQueryData({ ...options, meta: { ...options.meta, handlesOwnErrors: true } })
    .catch(() => undefined);
}
