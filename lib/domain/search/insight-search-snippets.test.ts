import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { invalidateContentSnapshot } from '../content/snapshot';
import { searchInsightsRanked, searchInsightsWithSnippets } from './insight-search';
import { insightSearchEngine } from './insight-search-engine';
import { escapeHtml } from './snippet-html';

const tags = (html: string) => html.match(/<\/?[a-z][^>]*>/gi) ?? [];

describe('search results with highlighted snippets, on a real database', () => {
  it('returns the same ranked results as the API search, each with marked matches', async () => {
    const query = { q: 'buffer management', limit: 9, offset: 0 };
    const ranked = await searchInsightsRanked(query);
    const withSnippets = await searchInsightsWithSnippets(query);
    expect(withSnippets.total).toBe(ranked.total);
    expect(withSnippets.hits.map((h) => h.insight.id)).toEqual(ranked.items.map((i) => i.summary.id));
    expect(withSnippets.hits.length).toBeGreaterThan(0);
    for (const hit of withSnippets.hits) {
      expect(hit.snippetHtml).toMatch(/<mark>buffer/i);
      expect(new Set(tags(hit.snippetHtml))).toEqual(new Set(['<mark>', '</mark>']));
    }
  });

  it('marks the whole word a typed prefix stands for, also past its stem', async () => {
    const { hits } = await searchInsightsWithSnippets({ q: 'evaporat', limit: 9, offset: 0 });
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.snippetHtml).toMatch(/<mark>evaporating<\/mark>/i);
  });

  it('applies the topic filter and pages like the ranked search', async () => {
    const all = await searchInsightsWithSnippets({ q: 'throughput', limit: 100, offset: 0 });
    const filtered = await searchInsightsWithSnippets({ q: 'throughput', topics: ['leadership'], limit: 100, offset: 0 });
    expect(filtered.total).toBeLessThan(all.total);
    for (const hit of filtered.hits) expect(hit.insight.topics).toContain('leadership');
    const second = await searchInsightsWithSnippets({ q: 'throughput', limit: 2, offset: 2 });
    expect(second.hits.map((h) => h.insight.id)).toEqual(all.hits.slice(2, 4).map((h) => h.insight.id));
  });

  it('escapes markup typed into an article: only <mark> comes out as markup', async () => {
    const id = 'why-local-efficiency-lies';
    const row = await db.insight.findUniqueOrThrow({ where: { id } });
    const hostile = `Zanzibarite <script>alert("zanzibarite")</script> and <b onmouseover="x()">zanzibarite</b> & <img src=x onerror=y>`;
    await db.$transaction(async (tx) => {
      await tx.insight.update({ where: { id }, data: { content: `${hostile}\n\n${row.content}`, keywords: [] } });
      await insightSearchEngine.reindex(tx, [id]);
      await tx.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    });
    invalidateContentSnapshot();

    const { hits } = await searchInsightsWithSnippets({ q: 'zanzibarite', limit: 10, offset: 0 });
    expect(hits.map((h) => h.insight.id)).toEqual([id]);
    const html = hits[0]!.snippetHtml;
    expect(html).toContain('&lt;script&gt;alert(&quot;<mark>zanzibarite</mark>&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;b onmouseover=&quot;x()&quot;&gt;<mark>zanzibarite</mark>&lt;/b&gt; &amp; &lt;img src=x onerror=y&gt;');
    expect(new Set(tags(html))).toEqual(new Set(['<mark>', '</mark>']));
  });

  it('shows the summary, escaped, when only the keywords match', async () => {
    const id = 'policy-constraints';
    const row = await db.insight.findUniqueOrThrow({ where: { id } });
    await db.insight.update({ where: { id }, data: { keywords: ['quuxology'] } });
    await insightSearchEngine.reindex(db, [id]);
    const { hits } = await searchInsightsWithSnippets({ q: 'quuxology', limit: 10, offset: 0 });
    expect(hits.map((h) => h.insight.id)).toEqual([id]);
    expect(hits[0]!.snippetHtml).toBe(escapeHtml(row.summary));
  });

  it('never returns drafts', async () => {
    const drafts = await db.insight.findMany({ where: { status: 'draft' } });
    for (const draft of drafts) {
      const { hits } = await searchInsightsWithSnippets({ q: draft.title, limit: 100, offset: 0 });
      expect(hits.map((h) => h.insight.id)).not.toContain(draft.id);
    }
  });
});
