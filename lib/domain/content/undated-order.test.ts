import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { listServiceTestimonials } from '../catalogue/catalogue';
import { listInsights } from '../insights/insights';
import { invalidateContentSnapshot } from './snapshot';

// PostgreSQL puts NULL first in a descending order and SQLite last; the content keeps SQLite's order on both.
describe('undated content, newest first', () => {
  it('lists an undated testimonial after the dated ones', async () => {
    const dated = await db.testimonial.findMany({ where: { serviceId: 'constraint-snapshot', status: 'published' }, orderBy: { id: 'asc' } });
    expect(dated.length).toBeGreaterThan(1);
    await db.testimonial.update({ where: { id: dated[0]!.id }, data: { date: null } });
    await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    invalidateContentSnapshot();
    const { testimonials } = await listServiceTestimonials('constraint-snapshot', { limit: 100 });
    expect(testimonials.at(-1)!.id).toBe(dated[0]!.id);
    expect(testimonials).toHaveLength(dated.length);
  });

  it('lists a published insight without a publish time after the dated ones', async () => {
    const [first] = await db.insight.findMany({ where: { status: 'published' }, orderBy: { id: 'asc' }, take: 1 });
    await db.insight.update({ where: { id: first!.id }, data: { publishedAt: null } });
    await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    invalidateContentSnapshot();
    const { insights, total } = await listInsights({ limit: 100, offset: 0 });
    expect(insights).toHaveLength(total);
    expect(insights.at(-1)!.id).toBe(first!.id);
  });
});
