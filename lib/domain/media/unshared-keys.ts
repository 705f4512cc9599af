import { db } from '@/lib/db/client';

/**
 * The keys among `keys` that no file row names: the ones the store may delete. Two images with the same bytes share
 * their files' keys, so a file goes only when its last image does.
 */
export async function unsharedKeys(keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const unique = [...new Set(keys)];
  const used = await db.mediaVariant.findMany({ where: { storageKey: { in: unique } }, select: { storageKey: true } });
  const stillUsed = new Set(used.map((row) => row.storageKey));
  return unique.filter((key) => !stillUsed.has(key));
}
