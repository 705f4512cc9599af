import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { getServiceDetail, listServiceFaqs, listServices, listServiceTestimonials } from './catalogue';
import { contentSnapshot, invalidateContentSnapshot } from '../content/snapshot';

async function bumpRevision() {
  await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
  invalidateContentSnapshot();
}

describe('catalogue use cases on a real database', () => {
  it('lists only published services, in category order', async () => {
    const published = await db.service.count({ where: { status: 'published' } });
    const { services, total } = await listServices({ limit: 100, offset: 0 });
    expect(total).toBe(published);
    const categories = services.map((s) => s.category);
    expect(categories).toEqual(
      [...categories].sort(
        (a, b) =>
          ['constraint-analysis', 'offer-analysis', 'implementation-support'].indexOf(a) -
          ['constraint-analysis', 'offer-analysis', 'implementation-support'].indexOf(b),
      ),
    );
  });

  it('presents prices stored in cents as major units', async () => {
    const row = await db.service.findUniqueOrThrow({ where: { id: 'local-market-constraint-audit' } });
    const detail = await getServiceDetail('local-market-constraint-audit');
    expect(detail.pricing?.amount).toBe(row.priceMinor / 100);
  });

  it('changes the purchaseDigest when the price changes, and only then', async () => {
    const before = await getServiceDetail('website-offer-audit');
    await bumpRevision();
    expect((await getServiceDetail('website-offer-audit')).purchaseDigest).toBe(before.purchaseDigest);

    await db.service.update({ where: { id: 'website-offer-audit' }, data: { priceMinor: { increment: 100 } } });
    await bumpRevision();
    const after = await getServiceDetail('website-offer-audit');
    expect(after.pricing?.amount).toBe((before.pricing?.amount ?? 0) + 1);
    expect(after.purchaseDigest).not.toBe(before.purchaseDigest);
  });

  it('hides a draft service and everything attached to it', async () => {
    await db.service.update({ where: { id: 'buffer-board-starter-kit' }, data: { status: 'draft' } });
    await bumpRevision();
    const { services } = await listServices({ limit: 100, offset: 0 });
    expect(services.map((s) => s.id)).not.toContain('buffer-board-starter-kit');
    await expect(getServiceDetail('buffer-board-starter-kit')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listServiceTestimonials('buffer-board-starter-kit', { limit: 10 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(listServiceFaqs('buffer-board-starter-kit', {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const snapshot = await contentSnapshot();
    expect(snapshot.content.testimonials.some((t) => t.serviceId === 'buffer-board-starter-kit')).toBe(false);
  });

  it('keeps a service scheduled for later out until its publish date', async () => {
    const soon = new Date(Date.now() + 1500);
    await db.service.update({ where: { id: 'executive-constraint-briefing' }, data: { publishedAt: soon } });
    await bumpRevision();
    await expect(getServiceDetail('executive-constraint-briefing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // No revision bump: the snapshot knows when the next scheduled item goes live.
    expect((await getServiceDetail('executive-constraint-briefing')).id).toBe('executive-constraint-briefing');
  });
});
