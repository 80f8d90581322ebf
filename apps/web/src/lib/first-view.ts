import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';

/** How long the data asked for before the first render count as fresh: the screen's mount does not ask again. */
export const FIRST_VIEW_FRESH_MS = 10_000;

/** Each prefetched query's hash and its count of answers then, so only that answer is spared a second request. */
const prefetchedAnswer = new Map<string, number>();

/**
 * A signed-in first visit asks for the screen's first data while its code loads, and the first render waits
 * for it: the rows come with the screen in one render, not in a second, unsliced one (issue 11).
 */
export async function prefetchFirstView<TData>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, QueryKey>,
): Promise<void> {
  // A failure is left to the screen: its own request reports it, once, when it renders.
  await client.prefetchQuery({ ...options, meta: { ...options.meta, handlesOwnErrors: true } });
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  if (query?.state.status === 'success') prefetchedAnswer.set(query.queryHash, query.state.dataUpdateCount);
}

/** A query's staleTime: the prefetched answer is fresh for FIRST_VIEW_FRESH_MS, every other one at once stale. */
export function firstViewStaleTime(query: { queryHash: string; state: { dataUpdateCount: number } }): number {
  return prefetchedAnswer.get(query.queryHash) === query.state.dataUpdateCount ? FIRST_VIEW_FRESH_MS : 0;
}
