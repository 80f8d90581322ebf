import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_FRESH_MS, firstViewStaleTime, prefetchFirstView } from './first-view.ts';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const query = (queryClient: QueryClient, key: string[]) =>
  queryClient.getQueryCache().find({ queryKey: key, exact: true });

describe('first view', () => {
  it('keeps the prefetched answer fresh for the screen’s mount, and no later answer', async () => {
    const queryClient = client();
    let calls = 0;
    const options = { queryKey: ['rows', 'first'], queryFn: async () => ({ call: ++calls }) };
    await prefetchFirstView(queryClient, options);
    const prefetched = query(queryClient, ['rows', 'first']);
    expect(prefetched && firstViewStaleTime(prefetched)).toBe(FIRST_VIEW_FRESH_MS);

    // A refetch (an invalidation, a change in the list) makes an answer like any other: stale at once.
    await queryClient.refetchQueries({ queryKey: ['rows', 'first'] });
    expect(calls).toBe(2);
    const refetched = query(queryClient, ['rows', 'first']);
    expect(refetched && firstViewStaleTime(refetched)).toBe(0);
  });

  it('leaves other queries stale at once, and a failed prefetch to the screen', async () => {
    const queryClient = client();
    await queryClient.fetchQuery({ queryKey: ['other'], queryFn: async () => 1 });
    const other = query(queryClient, ['other']);
    expect(other && firstViewStaleTime(other)).toBe(0);

    await expect(
      prefetchFirstView(queryClient, {
        queryKey: ['broken'],
        queryFn: async () => {
          throw new Error('down');
        },
      }),
    ).resolves.toBeUndefined();
    const broken = query(queryClient, ['broken']);
    expect(broken?.state.status).toBe('error');
    // The common error handler stays quiet: the screen's own request reports the failure.
    expect(broken?.meta?.handlesOwnErrors).toBe(true);
    expect(broken && firstViewStaleTime(broken)).toBe(0);
  });
});
