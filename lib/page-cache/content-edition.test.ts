import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { contentSnapshot, invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { currentEdition } from './content-edition';

describe('currentEdition', () => {
  it('names the published addresses of the seed content under its build_stamp, and is built once per snapshot', async () => {
    const snapshot = await contentSnapshot();
    const edition = await currentEdition();
    expect(edition.stamp).toBe(snapshot.buildStamp);
    expect(edition.serviceIds.has('website-offer-audit')).toBe(true);
    expect(edition.insightIds.has('why-local-efficiency-lies')).toBe(true);
    expect(edition.insightIds.has('hospital-patient-flow')).toBe(false); // a draft in the seed
    expect(edition.categoryIds).toEqual(new Set(snapshot.content.categories.map((category) => category.id)));
    expect(edition.insightCount).toBe(snapshot.content.insights.length);
    const bufferManagement = snapshot.content.insights.filter(({ summary }) => summary.topics?.includes('buffer-management')).length;
    expect(bufferManagement).toBeGreaterThan(0);
    expect(edition.insightsPerTopic.get('buffer-management')).toBe(bufferManagement);
    expect(await currentEdition()).toBe(edition);
  });

  it('moves to a new stamp when published content changes', async () => {
    const before = await currentEdition();
    await db.$transaction([
      db.service.update({ where: { id: 'constraint-snapshot' }, data: { priceMinor: { increment: 10_000 } } }),
      db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } }),
    ]);
    invalidateContentSnapshot();
    const after = await currentEdition();
    expect(after.stamp).not.toBe(before.stamp);
    expect(after.serviceIds).toEqual(before.serviceIds);
  });
});
