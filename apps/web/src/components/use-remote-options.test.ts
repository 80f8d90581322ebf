import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OptionQuery, useRemoteOptions } from './use-remote-options.ts';

type Option = { id: number; name: string };

describe('useRemoteOptions (spec §7: 800 ms debounce, search text and 15)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const flush = () => act(async () => {});

  it('loads once when opened, then searches only after typing has paused for 800 ms', async () => {
    const load = vi.fn(async (query: OptionQuery) => [{ id: 1, name: `hasil ${query.search}` }]);
    const { result, rerender } = renderHook(({ isOpen }) => useRemoteOptions<Option>(load, isOpen), {
      initialProps: { isOpen: false },
    });
    expect(load).not.toHaveBeenCalled();

    rerender({ isOpen: true });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    expect(load.mock.calls[0]?.[0]).toEqual({ search: '', limit: 15 });

    act(() => result.current.setSearchText('j'));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.setSearchText('ja'));
    act(() => vi.advanceTimersByTime(400));
    act(() => result.current.setSearchText('jal'));
    expect(result.current.isLoading).toBe(true);
    act(() => vi.advanceTimersByTime(799));
    expect(load).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(1));
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
    expect(load.mock.calls[1]?.[0]).toEqual({ search: 'jal', limit: 15 });
    expect(result.current.options).toEqual([{ id: 1, name: 'hasil jal' }]);
    expect(result.current.isLoading).toBe(false);
  });

  it('drops an answer that arrives after a newer search started', async () => {
    const pending: Record<string, (options: Option[]) => void> = {};
    const load = vi.fn(
      (query: OptionQuery) =>
        new Promise<Option[]>((resolve) => {
          pending[query.search] = resolve;
        }),
    );
    const { result } = renderHook(() => useRemoteOptions<Option>(load, true));
    act(() => result.current.setSearchText('lama'));
    act(() => vi.advanceTimersByTime(800));
    act(() => result.current.setSearchText('baru'));
    act(() => vi.advanceTimersByTime(800));
    await act(async () => pending.baru?.([{ id: 2, name: 'baru' }]));
    await act(async () => pending.lama?.([{ id: 1, name: 'lama' }]));
    expect(result.current.options).toEqual([{ id: 2, name: 'baru' }]);
  });

  it('does not search while closed and reloads when its reload key changes', async () => {
    const load = vi.fn(async () => [] as Option[]);
    const { rerender } = renderHook(({ isOpen, key }) => useRemoteOptions<Option>(load, isOpen, key), {
      initialProps: { isOpen: false, key: 'a' },
    });
    rerender({ isOpen: false, key: 'b' });
    await flush();
    expect(load).not.toHaveBeenCalled();
    rerender({ isOpen: true, key: 'b' });
    await flush();
    rerender({ isOpen: true, key: 'c' });
    await flush();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
