import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { getInsight, listInsights } from './insights';
import { searchInsights } from '../search/insight-search';
import { insightSearchEngine } from '../search/insight-search-engine';
import { contentSnapshot, invalidateContentSnapshot } from '../content/snapshot';

describe('insight use cases on a real database', () => {
  it('never lists, shows or finds drafts', async () => {
    const drafts = await db.insight.findMany({ where: { status: 'draft' } });
    expect(drafts.length).toBeGreaterThan(0);
    const { insights } = await listInsights({ limit: 100, offset: 0 });
    for (const draft of drafts) {
      expect(insights.map((i) => i.id)).not.toContain(draft.id);
      await expect(getInsight(draft.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
      const found = await searchInsights({ q: draft.title, limit: 100, offset: 0 });
      expect(found.results.map((r) => r.id)).not.toContain(draft.id);
    }
  });

  it('finds an insight once it is published, through the same index', async () => {
    // As every write does: the row, its index entry (which carries visibility) and the revision together.
    await db.$transaction(async (tx) => {
      await tx.insight.update({ where: { id: 'hospital-patient-flow' }, data: { status: 'published', publishedAt: new Date('2026-11-01') } });
      await insightSearchEngine.reindex(tx, ['hospital-patient-flow']);
      await tx.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    });
    invalidateContentSnapshot();
    const found = await searchInsights({ q: 'patient flow', limit: 10, offset: 0 });
    expect(found.results[0]?.id).toBe('hospital-patient-flow');
  });

  it('counts all matches in total and pages them', async () => {
    const all = await searchInsights({ q: 'throughput', limit: 100, offset: 0 });
    const page = await searchInsights({ q: 'throughput', limit: 2, offset: 1 });
    expect(page.total).toBe(all.total);
    expect(page.results.map((r) => r.id)).toEqual(all.results.slice(1, 3).map((r) => r.id));
  });

  it('returns nothing, not an error, for text without words', async () => {
    expect(await searchInsights({ q: '%%% ***', limit: 10, offset: 0 })).toEqual({ results: [], total: 0, query: '%%% ***' });
  });

  it('computes read time from the article length', async () => {
    const insight = await getInsight('why-local-efficiency-lies');
    const words = insight.content!.split(/\s+/).length;
    expect(insight.readTime).toBe(Math.max(1, Math.ceil(words / 230)));
  });

  it('relates only to published insights', async () => {
    const { content } = await contentSnapshot();
    for (const insight of content.insights) {
      for (const related of insight.relatedInsights) expect(content.insightsById.has(related)).toBe(true);
    }
  });
});
