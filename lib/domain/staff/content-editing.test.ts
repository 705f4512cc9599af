import { describe, expect, it } from 'vitest';
import { getServiceDetail } from '../catalogue';
import { contentSnapshot } from '../content/snapshot';
import { getInsight } from '../insights';
import { searchInsights } from '../insight-search';
import { createStaffUser } from './accounts';
import { saveInsight, saveService } from './content-editing';

const actorPromise = createStaffUser({ email: 'editor@throughline.example', displayName: 'Editor', role: 'marketing', password: 'an editor password' });

const draft = {
  id: 'kanban-versus-buffer-boards',
  title: 'Kanban boards versus buffer boards',
  summary: 'Why a buffer board ranks work by buffer penetration rather than by arrival.',
  content: '## Two boards\n\nA kanban board limits WIP; a buffer board tells you which job is most at risk of being late.',
  author: 'Elena Vasquez',
  topics: ['buffer-management'],
  keywords: ['kanban', 'buffer board'],
  related: [],
  featured: false,
};

describe('content editing', () => {
  it('keeps a draft out of the published content and build_stamp, then publishing shows it and moves the stamp', async () => {
    const actor = await actorPromise;
    const before = (await contentSnapshot()).buildStamp;
    await saveInsight(actor, draft, { publish: false });
    expect((await contentSnapshot()).buildStamp).toBe(before);
    await expect(getInsight(draft.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await searchInsights({ q: 'kanban', limit: 10, offset: 0 })).results.map((r) => r.id)).not.toContain(draft.id);

    await saveInsight(actor, draft, { publish: true });
    const after = await contentSnapshot();
    expect(after.buildStamp).not.toBe(before);
    expect((await getInsight(draft.id)).title).toBe(draft.title);
    expect((await searchInsights({ q: 'kanban', limit: 10, offset: 0 })).results[0]?.id).toBe(draft.id);
  });

  it('publishing a new price changes the purchaseDigest and the stamp', async () => {
    const actor = await actorPromise;
    const before = await getServiceDetail('buffer-board-starter-kit');
    const stamp = (await contentSnapshot()).buildStamp;
    await saveService(
      actor,
      'buffer-board-starter-kit',
      { name: before.name, description: before.description, price: 425, priceGuarantee: null, timelineDescription: before.timeline!.description },
      { publish: true },
    );
    const after = await getServiceDetail('buffer-board-starter-kit');
    expect(after.pricing?.amount).toBe(425);
    expect(after.purchaseDigest).not.toBe(before.purchaseDigest);
    expect((await contentSnapshot()).buildStamp).not.toBe(stamp);
  });
});
