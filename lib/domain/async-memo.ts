import { LRUCache } from 'lru-cache';

/**
 * An LRU of pending or settled results: callers asking for the same key at once share one load, later
 * ones reuse its result, and a failed load is forgotten so the next caller retries.
 */
export function asyncMemo<T extends object>(max: number) {
  const cache = new LRUCache<string, Promise<T>>({ max });
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const cached = cache.get(key);
    if (cached) return cached;
    const loading = load();
    cache.set(key, loading);
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
    return loading;
  };
}
