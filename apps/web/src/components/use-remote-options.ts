import { SELECT_SEARCH_DEBOUNCE_MS, SELECT_SEARCH_LIMIT } from '@eusulan/shared';
import { useEffect, useRef, useState } from 'react';
import { handleApiError } from '../lib/errors.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

export interface OptionQuery {
  search: string;
  limit: number;
}

export type OptionLoader<TOption> = (query: OptionQuery, signal: AbortSignal) => Promise<TOption[]>;

/**
 * The options of a server-searched select (spec §7): while the dropdown is open, a search is sent once
 * typing has paused for 800 ms, with the text and the limit 15. An answer that arrives after a newer
 * search started is dropped. `reloadKey` reloads when the select's other parameters change.
 */
export function useRemoteOptions<TOption>(load: OptionLoader<TOption>, isOpen: boolean, reloadKey = '') {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SELECT_SEARCH_DEBOUNCE_MS);
  const [options, setOptions] = useState<TOption[]>([]);
  // What the options answer (the loader's parameters and the search): between a change and its fetch's start
  // they still answer the one before.
  const [answered, setAnswered] = useState<string | null>(null);
  const asked = `${reloadKey}\u0000${search}`;
  const [isFetching, setIsFetching] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadKey stands for the loader's own parameters.
  useEffect(() => {
    if (!isOpen) return;
    const controller = new AbortController();
    setIsFetching(true);
    loadRef.current({ search: search.trim(), limit: SELECT_SEARCH_LIMIT }, controller.signal).then(
      (loaded) => {
        if (controller.signal.aborted) return;
        setOptions(loaded);
        setAnswered(asked);
        setIsFetching(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setOptions([]);
        setAnswered(asked);
        setIsFetching(false);
        handleApiError(error);
      },
    );
    return () => controller.abort();
  }, [isOpen, search, reloadKey]);

  return {
    searchText,
    setSearchText,
    options,
    /** Also while the debounce waits, so stale options are never offered for a new text. */
    isLoading: isFetching || searchText !== search || answered !== asked,
  };
}
