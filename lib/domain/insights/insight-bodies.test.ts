import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { contentSnapshot, invalidateContentSnapshot } from '../content/snapshot';
import { fillMissingInsightBodyFacts, insightBodyFacts } from './insight-body-facts';
import { getInsight } from './insights';
import { countWords } from './reading-time';

const ID = 'why-local-efficiency-lies';

async function writeBody(content: string) {
  await db.$transaction([
    db.insight.update({ where: { id: ID }, data: { content, ...insightBodyFacts(content) } }),
    db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } }),
  ]);
  invalidateContentSnapshot();
}

describe('article bodies live in the database, not in the content snapshot', () => {
  it('keeps no body in the snapshot, yet serves the full article', async () => {
    const row = await db.insight.findUniqueOrThrow({ where: { id: ID } });
    const { content } = await contentSnapshot();
    const body = row.content.slice(200, 300);
    expect(JSON.stringify(content.insights)).not.toContain(JSON.stringify(body).slice(1, -1));
    const insight = await getInsight(ID);
    expect(insight.content).toBe(row.content);
    expect(insight.readTime).toBe(Math.max(1, Math.ceil(countWords(row.content) / 230)));
  });

  it('serves an edited body at once, never the cached one', async () => {
    const before = await getInsight(ID);
    await writeBody(`${before.content}\n\nA closing paragraph added later.`);
    expect((await getInsight(ID)).content).toBe(`${before.content}\n\nA closing paragraph added later.`);
  });

  it('moves build_stamp when only a body changes', async () => {
    const stamp = (await contentSnapshot()).buildStamp;
    const { content } = await getInsight(ID);
    await writeBody(`${content!} One more sentence.`);
    expect((await contentSnapshot()).buildStamp).not.toBe(stamp);
  });

  it('fills in reading time and digest of rows written before they were stored', async () => {
    await db.insight.updateMany({ where: { id: { in: [ID, 'policy-constraints'] } }, data: { readTime: null, contentDigest: null } });
    expect(await fillMissingInsightBodyFacts()).toBe(2);
    const row = await db.insight.findUniqueOrThrow({ where: { id: ID } });
    expect({ readTime: row.readTime, contentDigest: row.contentDigest }).toEqual(insightBodyFacts(row.content));
    expect(row.contentDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(await fillMissingInsightBodyFacts()).toBe(0);
  });
});
