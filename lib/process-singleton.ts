/**
 * One value per Node process. Next bundles route handlers, pages and server actions separately, so a
 * plain module-level variable can exist several times in one process; caches that must be shared
 * (and invalidated) across them live on globalThis under a fixed key.
 */
export function processSingleton<T>(key: string, create: () => T): T {
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  const symbol = Symbol.for(`throughline:${key}`);
  store[symbol] ??= create();
  return store[symbol]!;
}
