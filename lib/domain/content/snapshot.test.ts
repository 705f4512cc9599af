import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { importContentBundle } from './import-content';
import { contentSnapshot, invalidateContentSnapshot } from './snapshot';
import { loadContentFiles } from '../../../prisma/load-content-files';

describe('content snapshot and build_stamp', () => {
  it('gives the same stamp for the same content, even after a re-import bumps the revision', async () => {
    const before = await contentSnapshot();
    await importContentBundle(loadContentFiles());
    const after = await contentSnapshot();
    expect(after.revision).toBe(before.revision + 1);
    expect(after.buildStamp).toBe(before.buildStamp);
  });

  it('changes the stamp when published content changes, but not for a draft edit', async () => {
    const before = (await contentSnapshot()).buildStamp;
    await db.insight.update({ where: { id: 'ccpm-portfolio-staggering' }, data: { title: 'Edited draft title' } });
    await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    invalidateContentSnapshot();
    expect((await contentSnapshot()).buildStamp).toBe(before);

    await db.faq.updateMany({ where: { status: 'published' }, data: { answer: 'Changed.' } });
    await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    invalidateContentSnapshot();
    expect((await contentSnapshot()).buildStamp).not.toBe(before);
  });
});
