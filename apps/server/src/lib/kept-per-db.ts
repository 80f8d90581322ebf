import { LRUCache } from 'lru-cache';
import type { Db } from '../db/client.ts';

/** Finds a kept value that is missing: passed with each fetch, so every caller says how its key is found. */
export type Find<V> = () => Promise<V>;

/**
 * Values kept in memory per database handle, so server instances and test apps never share one (a restart
 * starts empty), least recently used out. A missing value is found by the `find` passed to `fetch`; callers
 * asking for the same key at once share one find. Used by the kept search matches and the list marks.
 */
export function keptPerDb<V extends {}>(
  limits: { max: number } | { maxSize: number; sizeCalculation: (value: V) => number },
): (db: Db) => LRUCache<string, V, Find<V>> {
  const kept = new WeakMap<Db, LRUCache<string, V, Find<V>>>();
  return (db) => {
    let cache = kept.get(db);
    if (!cache) {
      cache = new LRUCache<string, V, Find<V>>({
        ...limits,
        fetchMethod: (_key, _stale, { context: find }) => find(),
      });
      kept.set(db, cache);
    }
    return cache;
  };
}
