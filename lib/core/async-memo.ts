import { LRUCache } from 'lru-cache';

/**
 * An LRU of loaded values: callers asking for the same key at once share one load, later ones reuse
 * its value, and a failed load is not kept. Settled values are stored, never promises: a promise made
 * during a request keeps that request's async context (Next's request store) alive for as long as the
 * cache holds it.
 */
export function asyncMemo<T extends object>(max: number) {
  const values = new LRUCache<string, T>({ max });
  const loading = new Map<string, Promise<T>>();
  return (key: string, load: () => Promise<T>): Promise<T> => {
    const value = values.get(key);
    if (value) return Promise.resolve(value);
    const pending = loading.get(key);
    if (pending) return pending;
    const started = load()
      .then((loaded) => {
        values.set(key, loaded);
        return loaded;
      })
      .finally(() => loading.delete(key));
    loading.set(key, started);
    return started;
  };
}
