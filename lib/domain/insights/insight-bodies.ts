import { LRUCache } from 'lru-cache';
import { db } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';
import { notFound } from '../../core/errors';

/**
 * Article bodies are read from the database when a page or API response needs one, never held for
 * every insight. The most recently read ones stay in a cache bounded in characters, keyed by id and
 * content digest, so an edited body is never served from the cache.
 */
const MAX_CACHED_CHARACTERS = 4_000_000;

const bodies = processSingleton(
  'insight-bodies',
  () => new LRUCache<string, string>({ maxSize: MAX_CACHED_CHARACTERS, sizeCalculation: (body) => Math.max(1, body.length) }),
);

export async function insightBody(insightId: string, contentDigest: string | null): Promise<string> {
  const key = `${insightId}\u0000${contentDigest ?? ''}`;
  const cached = bodies.get(key);
  if (cached !== undefined) return cached;
  const row = await db.insight.findUnique({ where: { id: insightId }, select: { content: true } });
  if (!row) throw notFound('Insight', insightId);
  bodies.set(key, row.content);
  return row.content;
}
