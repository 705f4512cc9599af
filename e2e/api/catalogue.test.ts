import { afterAll, describe, expect, it } from 'vitest';
import { get } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { notOneOf, unprocessable } from '../../test-support/http/validation-issues';

type ServiceDetail = {
  id: string;
  category: string;
  ctaType: string;
  pricing: { amount: number; currency: string; model: string; fixedPrice: boolean };
  testimonialCount: number;
  faqCount: number;
  averageRating: number | null;
  purchaseDigest: string;
  buyerInputSchema: { properties: Record<string, unknown>; required: string[]; additionalProperties: boolean; anyOf?: { required: string[] }[] };
};

const database = serverDatabase();
afterAll(() => database.close());

const publishedServices = await database.all<{ id: string }>(`SELECT "id" FROM "Service" WHERE "status" = 'published'`);

describe('GET /v1/services', () => {
  it('lists published services with default limit 10 and offset 0', async () => {
    const response = await get<{ services: { id: string }[]; total: number; limit: number; offset: number }>('/v1/services');
    expect(response.status).toBe(200);
    expect(response.body.limit).toBe(10);
    expect(response.body.offset).toBe(0);
    expect(response.body.total).toBe(publishedServices.length);
    expect(response.body.services).toHaveLength(Math.min(10, publishedServices.length));
  });

  it('echoes limit and offset and pages through the same order', async () => {
    const all = await get<{ services: { id: string }[] }>('/v1/services?limit=100');
    const page = await get<{ services: { id: string }[]; limit: number; offset: number; total: number }>('/v1/services?limit=3&offset=2');
    expect(page.body).toMatchObject({ limit: 3, offset: 2, total: publishedServices.length });
    expect(page.body.services.map((s) => s.id)).toEqual(all.body.services.slice(2, 5).map((s) => s.id));
  });

  it('an offset past the end is an empty page, not an error', async () => {
    const response = await get<{ services: unknown[]; total: number }>('/v1/services?offset=500');
    expect(response.status).toBe(200);
    expect(response.body.services).toEqual([]);
    expect(response.body.total).toBe(publishedServices.length);
  });
});

describe('GET /v1/services/{serviceId}', () => {
  it('computes testimonialCount, faqCount and averageRating from published data', async () => {
    for (const { id } of publishedServices) {
      const response = await get<ServiceDetail>(`/v1/services/${id}`);
      expect(response.status).toBe(200);
      const testimonials = await database.all<{ rating: number | null }>(
        `SELECT "rating" FROM "Testimonial" WHERE "serviceId" = ? AND "status" = 'published'`,
        id,
      );
      const faqs = (await database.get<{ n: number }>(`SELECT COUNT(*) AS n FROM "Faq" WHERE "serviceId" = ? AND "status" = 'published'`, id))!;
      const ratings = testimonials.map((t) => t.rating).filter((r): r is number => r !== null);
      const average = ratings.length ? Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 100) / 100 : null;
      expect(response.body.testimonialCount).toBe(testimonials.length);
      expect(response.body.faqCount).toBe(faqs.n);
      expect(response.body.averageRating).toBe(average);
    }
  });

  it('carries the checkout attributes of a self-serve service', async () => {
    const response = await get<ServiceDetail>('/v1/services/constraint-snapshot');
    expect(response.body.ctaType).toBe('stripe');
    expect(response.body.pricing).toMatchObject({ amount: 1450, currency: 'USD', model: 'fixed_stripe', fixedPrice: true });
    expect(response.body.purchaseDigest).toMatch(/^pd:[0-9a-f]{64}$/);
    expect(response.body.buyerInputSchema).toMatchObject({ type: 'object', properties: {}, required: [], additionalProperties: false });
  });

  it('states the either/or rule of the local market audit in its buyerInputSchema', async () => {
    const { body } = await get<ServiceDetail>('/v1/services/local-market-constraint-audit');
    expect(Object.keys(body.buyerInputSchema.properties).sort()).toEqual([
      'business_name',
      'competitors',
      'location',
      'place_id',
      'responsibility_acknowledged',
      'website_url',
    ]);
    expect(body.buyerInputSchema.required).toEqual(['responsibility_acknowledged']);
    expect(body.buyerInputSchema.anyOf).toEqual([{ required: ['place_id'] }, { required: ['business_name', 'location'] }]);
  });

  it('requires responsibility_acknowledged and url_to_audit, and accepts only those, for the website audit', async () => {
    const { body } = await get<ServiceDetail>('/v1/services/website-offer-audit');
    expect(Object.keys(body.buyerInputSchema.properties).sort()).toEqual(['responsibility_acknowledged', 'url_to_audit']);
    expect(body.buyerInputSchema.required.sort()).toEqual(['responsibility_acknowledged', 'url_to_audit']);
    expect(body.buyerInputSchema.anyOf).toBeUndefined();
  });

  it('marks human-led services as calendar with custom_quote or fixed_meeting pricing', async () => {
    const quote = await get<ServiceDetail>('/v1/services/dbr-implementation');
    const meeting = await get<ServiceDetail>('/v1/services/buffer-management-coaching');
    expect(quote.body).toMatchObject({ ctaType: 'calendar', pricing: { model: 'custom_quote', fixedPrice: false } });
    expect(meeting.body).toMatchObject({ ctaType: 'calendar', pricing: { model: 'fixed_meeting' } });
  });

  it('gives every offer its own digest', async () => {
    const digests = await Promise.all(publishedServices.map(async ({ id }) => (await get<ServiceDetail>(`/v1/services/${id}`)).body.purchaseDigest));
    expect(new Set(digests).size).toBe(publishedServices.length);
  });

  it('answers 404 in the error envelope for an unknown id', async () => {
    const response = await get('/v1/services/no-such-service');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "Service 'no-such-service' was not found.", code: 'NOT_FOUND' });
  });
});

describe('GET /v1/services/{serviceId}/testimonials', () => {
  it('returns published testimonials newest first, limited, with the full total', async () => {
    const expected = await database.all<{ id: string }>(
      `SELECT "id" FROM "Testimonial" WHERE "serviceId" = 'constraint-snapshot' AND "status" = 'published' ORDER BY "date" DESC NULLS LAST, "id"`,
    );
    const response = await get<{ testimonials: { id: string; serviceId: string }[]; total: number }>('/v1/services/constraint-snapshot/testimonials?limit=2');
    expect(response.body.total).toBe(expected.length);
    expect(response.body.testimonials.map((t) => t.id)).toEqual(expected.slice(0, 2).map((t) => t.id));
  });

  it('never includes a draft testimonial', async () => {
    const drafts = await database.all<{ id: string; serviceId: string }>(`SELECT "id", "serviceId" FROM "Testimonial" WHERE "status" = 'draft'`);
    expect(drafts.length).toBeGreaterThan(0);
    for (const draft of drafts) {
      const response = await get<{ testimonials: { id: string }[] }>(`/v1/services/${draft.serviceId}/testimonials?limit=100`);
      expect(response.body.testimonials.map((t) => t.id)).not.toContain(draft.id);
    }
  });

  it('answers 404 for an unknown service', async () => {
    expect((await get('/v1/services/nope/testimonials')).status).toBe(404);
  });
});

describe('GET /v1/services/{serviceId}/faq', () => {
  it('lists the service FAQs in order and filters by category', async () => {
    const all = await get<{ faqs: { id: string; category: string; order: number }[]; total: number }>('/v1/services/constraint-snapshot/faq');
    expect(all.body.total).toBe(all.body.faqs.length);
    expect(all.body.faqs.map((f) => f.order)).toEqual([...all.body.faqs.map((f) => f.order)].sort((a, b) => a - b));
    const pricing = await get<{ faqs: { category: string }[]; total: number }>('/v1/services/constraint-snapshot/faq?category=pricing');
    expect(pricing.body.total).toBeGreaterThan(0);
    expect(pricing.body.faqs.every((f) => f.category === 'pricing')).toBe(true);
    expect(pricing.body.total).toBe(all.body.faqs.filter((f) => f.category === 'pricing').length);
  });

  it('rejects a category outside the list with pydantic enum error', async () => {
    const response = await get('/v1/services/constraint-snapshot/faq?category=refunds');
    expect(response.status).toBe(422);
    expect(response.body).toEqual(unprocessable(notOneOf(['query', 'category'], 'refunds', "'pricing', 'timeline', 'process', 'deliverables' or 'general'")));
  });
});

describe('GET /v1/services/categories', () => {
  it('lists the three categories with their published services', async () => {
    const response = await get<{ categories: { id: string; serviceCount: number; serviceIds: string[] }[]; total: number }>('/v1/services/categories');
    expect(response.body.total).toBe(3);
    expect(response.body.categories.map((c) => c.id)).toEqual(['constraint-analysis', 'offer-analysis', 'implementation-support']);
    for (const category of response.body.categories) {
      const rows = await database.all(`SELECT "id" FROM "Service" WHERE "status" = 'published' AND "category" = ?`, category.id);
      expect(category.serviceCount).toBe(rows.length);
      expect(category.serviceIds).toHaveLength(rows.length);
    }
  });
});
