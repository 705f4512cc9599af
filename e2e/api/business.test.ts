import { afterAll, describe, expect, it } from 'vitest';
import { get } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';

const database = serverDatabase();
afterAll(() => database.close());

describe('GET /v1/business', () => {
  it('returns the profile with social proof computed from published testimonials', async () => {
    const response = await get<{
      name: string;
      headquarters: { city: string };
      leadership: { name: string; bio: string }[];
      socialProof: { testimonialCount: number; averageClientRating: number; clientCount: number };
    }>('/v1/business');
    const ratings = await database.all<{ rating: number | null }>(`SELECT "rating" FROM "Testimonial" WHERE "status" = 'published'`);
    const rated = ratings.map((r) => r.rating).filter((r): r is number => r !== null);
    expect(response.body.name).toBe('Throughline Partners');
    expect(response.body.headquarters.city).toBe('Pittsburgh');
    expect(response.body.leadership.length).toBeGreaterThanOrEqual(3);
    expect(response.body.leadership.every((l) => l.bio.length > 50)).toBe(true);
    expect(response.body.socialProof.testimonialCount).toBe(ratings.length);
    expect(response.body.socialProof.averageClientRating).toBe(Math.round((rated.reduce((a, b) => a + b, 0) / rated.length) * 100) / 100);
  });
});

describe('GET /v1/business/credentials', () => {
  it('lists credentials in order with a total', async () => {
    const response = await get<{ credentials: { id: string; kind: string; year: number }[]; total: number }>('/v1/business/credentials');
    const rows = await database.all<{ id: string }>(`SELECT "id" FROM "Credential" ORDER BY "order"`);
    expect(response.body.total).toBe(rows.length);
    expect(response.body.credentials.map((c) => c.id)).toEqual(rows.map((r) => r.id));
  });
});
