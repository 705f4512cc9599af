import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, get } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';

// Every public surface, checked for every unpublished item: pages, /v1, search, sitemap and feed.
const database = serverDatabase();
afterAll(() => database.close());

const draftInsights = await database.all<{ id: string; title: string }>(`SELECT "id", "title" FROM "Insight" WHERE "status" = 'draft'`);
const draftTestimonials = await database.all<{ id: string; serviceId: string; content: string }>(
  `SELECT "id", "serviceId", "content" FROM "Testimonial" WHERE "status" = 'draft'`,
);
const draftFaqs = await database.all<{ id: string; serviceId: string | null; question: string }>(
  `SELECT "id", "serviceId", "question" FROM "Faq" WHERE "status" = 'draft'`,
);

const text = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, body: await response.text() };
};

describe('drafts are absent from every public surface', () => {
  it('the seed has drafts of each kind to check', () => {
    expect(draftInsights.length).toBeGreaterThan(0);
    expect(draftTestimonials.length).toBeGreaterThan(0);
    expect(draftFaqs.length).toBeGreaterThan(0);
  });

  it.each(draftInsights.map((d) => [d.id, d.title] as const))('draft insight %s', async (id, title) => {
    expect((await text(`/insights/${id}`)).status).toBe(404);
    expect((await get(`/v1/insights/${id}`)).status).toBe(404);
    const list = await get<{ insights: { id: string }[] }>('/v1/insights?limit=100');
    expect(list.body.insights.map((i) => i.id)).not.toContain(id);
    const search = await get<{ results: { id: string }[] }>(`/v1/insights/search?q=${encodeURIComponent(title)}&limit=100`);
    expect(search.body.results.map((r) => r.id)).not.toContain(id);
    for (const page of ['/', '/insights', `/insights?q=${encodeURIComponent(title)}`, '/sitemap.xml', '/insights/feed.xml']) {
      const { status, body } = await text(page);
      expect(status, page).toBe(200);
      expect(body, page).not.toContain(`/insights/${id}`);
      // The search page repeats the query itself; everywhere else the title must not appear.
      if (!page.includes('?q=')) expect(body, page).not.toContain(title);
    }
  });

  it('draft testimonials appear on no service page or list, and do not count', async () => {
    for (const draft of draftTestimonials) {
      const list = await get<{ testimonials: { id: string }[]; total: number }>(`/v1/services/${draft.serviceId}/testimonials?limit=100`);
      expect(list.body.testimonials.map((t) => t.id)).not.toContain(draft.id);
      const published = (await database.get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM "Testimonial" WHERE "serviceId" = ? AND "status" = 'published'`,
        draft.serviceId,
      ))!;
      expect(list.body.total).toBe(published.n);
      const page = await text(`/services/${draft.serviceId}`);
      expect(page.body).not.toContain(draft.content.slice(0, 60));
    }
  });

  it('draft FAQs appear on no service page or list', async () => {
    for (const draft of draftFaqs.filter((f) => f.serviceId)) {
      const list = await get<{ faqs: { id: string }[] }>(`/v1/services/${draft.serviceId}/faq`);
      expect(list.body.faqs.map((f) => f.id)).not.toContain(draft.id);
      const page = await text(`/services/${draft.serviceId}`);
      expect(page.body).not.toContain(draft.question.slice(0, 60));
    }
  });
});

/** What a reader sees of a page: the text of <main>, without scripts, markup or React's streaming markers. */
const visibleText = (html: string) =>
  (/<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '')
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a staff draft of live content changes nothing public', () => {
  it('leaves the page, /v1, search, the sitemap, the feed and build_stamp as they were', async () => {
    const id = 'throughput-accounting-vs-cost-accounting';
    const surfaces = async () => ({
      stamp: (await get<{ build_stamp: string }>('/v1/health')).body.build_stamp,
      page: visibleText((await text(`/insights/${id}`)).body),
      api: (await get(`/v1/insights/${id}`)).body,
      search: (await get('/v1/insights/search?q=throughput%20accounting&limit=100')).body,
      sitemap: (await text('/sitemap.xml')).body,
      feed: (await text('/insights/feed.xml')).body,
    });
    const before = await surfaces();
    const row = (await database.get<Record<string, string>>(`SELECT * FROM "Insight" WHERE "id" = ?`, id))!;
    const draft = {
      id,
      title: 'Quokka accounting',
      summary: row.summary,
      author: row.author,
      featured: true,
      topics: JSON.parse(row.topics!),
      keywords: [],
      related: [],
      content: 'Quokka.',
    };
    const now = new Date();
    await database.run(
      `INSERT INTO "ContentDraft" ("type", "itemId", "data", "revision", "updatedById", "updatedByName", "createdAt", "updatedAt") VALUES ('insight', ?, ?, 1, 'stf_x', 'Test', ?, ?)`,
      id,
      JSON.stringify(draft),
      now,
      now,
    );
    const after = await surfaces();
    expect(after).toEqual(before);
    expect(JSON.stringify(after)).not.toContain('Quokka');
    expect(after.page).toContain('Throughput accounting vs cost accounting: the product-mix test');
  });
});
