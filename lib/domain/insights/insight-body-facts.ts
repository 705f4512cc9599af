import { createHash } from 'node:crypto';
import { db } from '@/lib/db/client';
import { readingTimeMinutes } from './reading-time';

export interface InsightBodyFacts {
  readTime: number;
  contentDigest: string;
}

/**
 * What lists, build_stamp and the body cache need to know about an article body. Stored with the body
 * whenever it is written, so none of them ever has to read it.
 */
export function insightBodyFacts(content: string): InsightBodyFacts {
  return { readTime: readingTimeMinutes(content), contentDigest: createHash('sha256').update(content).digest('hex') };
}

const BACKFILL_BATCH = 200;

/**
 * Rows written before the facts were stored have none (a migration cannot hash). Fills them in, a
 * batch of bodies at a time; returns how many rows it filled. Cheap when there is nothing to do.
 */
export async function fillMissingInsightBodyFacts(): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await db.insight.findMany({ where: { contentDigest: null }, select: { id: true, content: true }, take: BACKFILL_BATCH });
    if (rows.length === 0) return filled;
    await db.$transaction(rows.map((row) => db.insight.update({ where: { id: row.id }, data: insightBodyFacts(row.content) })));
    filled += rows.length;
  }
}
