import { afterAll, describe, expect, it } from 'vitest';
import { get } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';

type Insight = { id: string; title: string; topics: string[]; featured: boolean; publishedAt: string; readTime: number };
type InsightDetail = Insight & { content: string; relatedInsights: string[]; keywords: string[] };
type SearchResponse = { results: Insight[]; total: number; query: string };

const database = serverDatabase();
afterAll(() => database.close());

const published = await database.all<{ id: string; featured: number }>(
  `SELECT "id", "featured" FROM "Insight" WHERE "status" = 'published' ORDER BY "publishedAt" DESC, "id"`,
);
const drafts = await database.all<{ id: string; title: string }>(`SELECT "id", "title" FROM "Insight" WHERE "status" = 'draft'`);

describe('GET /v1/insights', () => {
  it('lists published insights newest first with default paging', async () => {
    const response = await get<{ insights: Insight[]; total: number; limit: number; offset: number }>('/v1/insights');
    expect(response.body).toMatchObject({ total: published.length, limit: 10, offset: 0 });
    expect(response.body.insights.map((i) => i.id)).toEqual(published.slice(0, 10).map((i) => i.id));
  });

  it('filters by featured', async () => {
    const featured = await get<{ insights: Insight[]; total: number }>('/v1/insights?featured=true&limit=100');
    const others = await get<{ insights: Insight[]; total: number }>('/v1/insights?featured=false&limit=100');
    expect(featured.body.total).toBe(published.filter((i) => i.featured).length);
    expect(featured.body.insights.every((i) => i.featured)).toBe(true);
    expect(others.body.insights.every((i) => !i.featured)).toBe(true);
    expect(featured.body.total + others.body.total).toBe(published.length);
  });
});

describe('GET /v1/insights/{insightId}', () => {
  it('returns the full article with keywords and related published insights', async () => {
    const response = await get<InsightDetail>('/v1/insights/five-focusing-steps-in-practice');
    expect(response.status).toBe(200);
    expect(response.body.content.length).toBeGreaterThan(3000);
    expect(response.body.keywords.length).toBeGreaterThan(0);
    expect(response.body.readTime).toBeGreaterThanOrEqual(3);
    const publishedIds = new Set(published.map((i) => i.id));
    expect(response.body.relatedInsights.every((id) => publishedIds.has(id))).toBe(true);
  });

  it('answers 404 for unknown ids and for drafts', async () => {
    expect(drafts.length).toBeGreaterThan(0);
    for (const id of ['no-such-article', ...drafts.map((d) => d.id)]) {
      const response = await get(`/v1/insights/${id}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ detail: `Insight '${id}' was not found.`, code: 'NOT_FOUND' });
    }
  });
});

describe('GET /v1/insights/search', () => {
  it('finds matches ranked, echoes the query and counts all matches in total', async () => {
    const response = await get<SearchResponse>('/v1/insights/search?q=constraint&limit=3');
    expect(response.body.query).toBe('constraint');
    expect(response.body.results).toHaveLength(3);
    expect(response.body.total).toBeGreaterThan(3);
    const everything = await get<SearchResponse>('/v1/insights/search?q=constraint&limit=100');
    expect(everything.body.results).toHaveLength(everything.body.total);
    expect(everything.body.results.slice(0, 3).map((r) => r.id)).toEqual(response.body.results.map((r) => r.id));
  });

  it('ranks a title match first', async () => {
    const response = await get<SearchResponse>('/v1/insights/search?q=evaporating%20cloud');
    expect(response.body.results[0]!.id).toBe('evaporating-cloud-for-leadership-conflicts');
  });

  it('matches keywords and stems (plural query, singular text)', async () => {
    const response = await get<SearchResponse>('/v1/insights/search?q=fever%20charts');
    expect(response.body.results.map((r) => r.id)).toContain('critical-chain-and-multitasking');
  });

  it('matches the word being typed against the words as written, also past their stem ("evaporat", stem "evapor")', async () => {
    const typed = await get<SearchResponse>('/v1/insights/search?q=evaporat&limit=100');
    const finished = await get<SearchResponse>('/v1/insights/search?q=evaporating%20&limit=100');
    expect(typed.body.results[0]!.id).toBe('evaporating-cloud-for-leadership-conflicts');
    expect(typed.body.total).toBe(finished.body.total);
    expect(typed.body.results.map((r) => r.id).sort()).toEqual(finished.body.results.map((r) => r.id).sort());
  });

  it('pages with offset and keeps total', async () => {
    const first = await get<SearchResponse>('/v1/insights/search?q=buffer&limit=2&offset=0');
    const second = await get<SearchResponse>('/v1/insights/search?q=buffer&limit=2&offset=2');
    expect(second.body.total).toBe(first.body.total);
    expect(second.body.results.map((r) => r.id)).not.toContain(first.body.results[0]!.id);
  });

  it('filters by topics (any of them)', async () => {
    const response = await get<SearchResponse>('/v1/insights/search?q=constraint&topics=critical-chain&topics=distribution&limit=100');
    expect(response.body.total).toBeGreaterThan(0);
    expect(response.body.results.every((r) => r.topics.some((t) => ['critical-chain', 'distribution'].includes(t)))).toBe(true);
  });

  it('never returns drafts, even for words only a draft contains', async () => {
    for (const draft of drafts) {
      const response = await get<SearchResponse>(`/v1/insights/search?q=${encodeURIComponent(draft.title)}&limit=100`);
      expect(response.body.results.map((r) => r.id)).not.toContain(draft.id);
    }
    const hospital = await get<SearchResponse>('/v1/insights/search?q=hospital%20bed%20management');
    expect(hospital.body.results.map((r) => r.id)).not.toContain('hospital-patient-flow');
  });

  it.each([
    ['quotes', '"constraint'],
    ['percent and underscore', '%_%'],
    ['FTS operators', 'constraint NEAR(buffer) OR title:drum AND NOT *'],
    ['SQL', "'; DROP TABLE Insight; --"],
    ['only punctuation', '!!!'],
    ['unicode', 'Engpass — Durchsatz ✓'],
  ])('treats %s as plain text', async (_label, q) => {
    const response = await get<SearchResponse>(`/v1/insights/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    expect(response.body.query).toBe(q);
    expect(response.body.results.length).toBe(Math.min(10, response.body.total));
  });

  it('reads \' OR 1=1 -- as the phrase "1 1": the two articles that mention $1.1 million, not every article', async () => {
    const response = await get<SearchResponse>(`/v1/insights/search?q=${encodeURIComponent("' OR 1=1 --")}&limit=100`);
    expect(response.body.results.map((r) => r.id).sort()).toEqual(['five-focusing-steps-in-practice', 'why-local-efficiency-lies']);
    expect(response.body.total).toBe(2);
  });

  it('handles a 10,000-character query', async () => {
    const q = 'throughput constraint '.repeat(455).slice(0, 10_000);
    const response = await get<SearchResponse>(`/v1/insights/search?q=${encodeURIComponent(q)}`);
    expect(response.status).toBe(200);
    expect(response.body.query).toBe(q);
  });

  it('requires q with at least one character', async () => {
    const missing = await get('/v1/insights/search');
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({ detail: [{ type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null }] });
    const empty = await get('/v1/insights/search?q=');
    expect(empty.body).toEqual({
      detail: [{ type: 'string_too_short', loc: ['query', 'q'], msg: 'String should have at least 1 character', input: '', ctx: { min_length: 1 } }],
    });
  });
});

describe('GET /v1/knowledge/toc-principles', () => {
  it('lists principles and tools in order', async () => {
    const response = await get<{ principles: { id: string; when_to_use: string }[]; tools: { id: string; useCase: string }[] }>('/v1/knowledge/toc-principles');
    expect(response.body.principles.length).toBeGreaterThanOrEqual(8);
    expect(response.body.tools.length).toBeGreaterThanOrEqual(8);
    expect(response.body.principles[0]!.id).toBe('five-focusing-steps');
    expect(response.body.tools.map((t) => t.id)).toContain('evaporating-cloud');
  });
});
