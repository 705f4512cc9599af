import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import type { InsightItemData } from '../content/content-bundle';
import { contentSnapshot } from '../content/snapshot';
import { getInsight } from '../insights/insights';
import { insightSearchEngine } from '../search/insight-search-engine';
import { discardDraft, findDraft, saveDraft } from './drafts';
import { publishDraft, unpublishItem } from './publishing';
import { restoreVersion } from './restore-version';
import { listVersions } from './versions';
import { liveInsightItem, publicView, staffMember } from '../../../test-support/content-workflow-fixtures';

const editor = staffMember('marketing', 'Mara Editor');
const LIVE_INSIGHT = 'drum-buffer-rope-for-job-shops';

const liveInsight = () => liveInsightItem(LIVE_INSIGHT);

describe('drafts of live content', () => {
  it('saving a draft of a live insight changes nothing visitors, /v1, search, the sitemap, the feed or build_stamp see', async () => {
    const before = await publicView(LIVE_INSIGHT, 'drum buffer rope');
    const live = await liveInsight();
    await saveDraft(await editor, 'insight', LIVE_INSIGHT, {
      ...live,
      title: 'Zebra-striped rope for job shops',
      content: `${live.content}\n\nA quagga paragraph.`,
    });
    expect(await findDraft('insight', LIVE_INSIGHT)).toMatchObject({
      revision: 1,
      updatedByName: 'Mara Editor',
      item: { title: 'Zebra-striped rope for job shops' },
    });
    const after = await publicView(LIVE_INSIGHT, 'drum buffer rope');
    expect(after).toEqual(before);
    expect((await publicView(LIVE_INSIGHT, 'quagga')).search).toEqual([]);
    expect(after.sitemap).not.toContain('Zebra');
    expect(after.feed).not.toContain('Zebra');
  });

  it('publishes the reviewed draft: row, search, revision, version and audit move together', async () => {
    const actor = await editor;
    const live = await liveInsight();
    const revisionBefore = (await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision;
    const { revision } = await saveDraft(actor, 'insight', LIVE_INSIGHT, { ...live, title: 'Drum-buffer-rope, revised' });
    const stampBefore = (await contentSnapshot()).buildStamp;

    expect(await publishDraft(actor, 'insight', LIVE_INSIGHT, { revision, note: 'Sharper title' })).toBe(2);

    expect((await getInsight(LIVE_INSIGHT)).title).toBe('Drum-buffer-rope, revised');
    expect((await contentSnapshot()).buildStamp).not.toBe(stampBefore);
    expect((await publicView(LIVE_INSIGHT, 'revised')).search).toEqual([`${LIVE_INSIGHT}:Drum-buffer-rope, revised`]);
    expect((await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision).toBe(revisionBefore + 1);
    expect(await findDraft('insight', LIVE_INSIGHT)).toBeNull();
    const versions = await listVersions('insight', LIVE_INSIGHT);
    expect(versions.map((v) => [v.number, v.source, v.publishedByName, v.note])).toEqual([
      [2, 'staff', 'Mara Editor', 'Sharper title'],
      [1, 'import', 'content import', null],
    ]);
    expect((versions[1]!.data as InsightItemData).title).toBe(live.title);
    const audit = await db.auditLog.findFirstOrThrow({ where: { action: 'insight.publish', entityId: LIVE_INSIGHT }, orderBy: { id: 'desc' } });
    expect(audit).toMatchObject({ actorId: actor.id, details: expect.objectContaining({ version: 2, note: 'Sharper title', source: 'staff' }) });
  });

  it('refuses to publish a draft that changed after it was reviewed', async () => {
    const actor = await editor;
    const live = await liveInsight();
    const first = await saveDraft(actor, 'insight', LIVE_INSIGHT, { ...live, summary: 'First wording of the summary.' });
    await saveDraft(actor, 'insight', LIVE_INSIGHT, { ...live, summary: 'Second wording, saved by someone else meanwhile.' });
    await expect(publishDraft(actor, 'insight', LIVE_INSIGHT, { revision: first.revision })).rejects.toMatchObject({ code: 'DRAFT_CHANGED' });
    expect((await getInsight(LIVE_INSIGHT)).summary).toBe(live.summary);
    await discardDraft(actor, 'insight', LIVE_INSIGHT);
  });

  it('never half-applies a publish: a failure in the search index leaves row, draft, versions and revision as they were', async () => {
    const actor = await editor;
    const live = await liveInsight();
    const { revision } = await saveDraft(actor, 'insight', LIVE_INSIGHT, { ...live, title: 'A title that must not go live' });
    const versionsBefore = await db.contentVersion.count();
    const revisionBefore = (await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision;
    const reindex = vi.spyOn(insightSearchEngine, 'reindex').mockRejectedValueOnce(new Error('disk full'));
    await expect(publishDraft(actor, 'insight', LIVE_INSIGHT, { revision })).rejects.toThrow('disk full');
    reindex.mockRestore();
    expect((await db.insight.findUniqueOrThrow({ where: { id: LIVE_INSIGHT } })).title).toBe(live.title);
    expect(await findDraft('insight', LIVE_INSIGHT)).toMatchObject({ revision });
    expect(await db.contentVersion.count()).toBe(versionsBefore);
    expect((await db.contentRevision.findUniqueOrThrow({ where: { id: 1 } })).revision).toBe(revisionBefore);
    await discardDraft(actor, 'insight', LIVE_INSIGHT);
  });

  it('restores an earlier version as the draft without publishing it, then publishes it as a new version', async () => {
    const actor = await editor;
    const versions = await listVersions('insight', LIVE_INSIGHT);
    const original = versions.find((v) => v.number === 1)!.data as InsightItemData;
    const liveTitle = (await getInsight(LIVE_INSIGHT)).title;

    const revision = await restoreVersion(actor, 'insight', LIVE_INSIGHT, 1);
    expect((await findDraft('insight', LIVE_INSIGHT))?.item).toEqual(original);
    expect((await getInsight(LIVE_INSIGHT)).title).toBe(liveTitle);

    const number = await publishDraft(actor, 'insight', LIVE_INSIGHT, { revision, note: 'Back to the original' });
    expect(number).toBe(versions[0]!.number + 1);
    expect((await getInsight(LIVE_INSIGHT)).title).toBe(original.title);
  });

  it('discards a draft and keeps what is live', async () => {
    const actor = await editor;
    const live = await liveInsight();
    await saveDraft(actor, 'insight', LIVE_INSIGHT, { ...live, title: 'Thrown away' });
    await discardDraft(actor, 'insight', LIVE_INSIGHT);
    expect(await findDraft('insight', LIVE_INSIGHT)).toBeNull();
    expect((await getInsight(LIVE_INSIGHT)).title).toBe(live.title);
    await expect(discardDraft(actor, 'insight', LIVE_INSIGHT)).rejects.toMatchObject({ code: 'NO_DRAFT' });
  });

  it('unpublishes only as its own action, taking the item off every public surface', async () => {
    const actor = await editor;
    const stamp = (await contentSnapshot()).buildStamp;
    await unpublishItem(actor, 'insight', 'five-focusing-steps-in-practice');
    const view = await publicView('five-focusing-steps-in-practice', 'five focusing steps');
    expect(view.article).toBe('NOT_FOUND');
    expect(view.search.map((hit) => hit.split(':')[0])).not.toContain('five-focusing-steps-in-practice');
    expect(view.sitemap).not.toContain('five-focusing-steps-in-practice');
    expect(view.buildStamp).not.toBe(stamp);
    await expect(unpublishItem(actor, 'insight', 'five-focusing-steps-in-practice')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(unpublishItem(actor, 'principle', 'five-focusing-steps')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
  });

  it('creates a new insight as a draft only, refusing an id that is taken', async () => {
    const actor = await editor;
    const item = { ...(await liveInsight()), id: 'kanban-versus-buffer-boards', title: 'Kanban boards versus buffer boards', related: [] };
    await saveDraft(actor, 'insight', null, item);
    await expect(getInsight(item.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(saveDraft(actor, 'insight', null, item)).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'id'], msg: 'Value error, the id kanban-versus-buffer-boards is taken already' })],
    });
    const { revision } = (await findDraft('insight', item.id))!;
    expect(await publishDraft(actor, 'insight', item.id, { revision })).toBe(1);
    expect((await getInsight(item.id)).title).toBe(item.title);
    expect((await listVersions('insight', item.id)).map((v) => v.source)).toEqual(['staff']);
  });
});

describe('the content files\u2019 rules, in the editors', () => {
  it('reports field errors at their fields: a service timeline, an unknown related insight, a testimonial\u2019s service', async () => {
    const actor = await editor;
    // Untouched so far: its only version is the live content, from the content import.
    const serviceItem = (await listVersions('service', 'constraint-snapshot'))[0]!.data as Record<string, unknown>;
    await expect(
      saveDraft(actor, 'service', 'constraint-snapshot', { ...serviceItem, timeline: { minWeeks: 4, maxWeeks: 2, description: 'x' } }),
    ).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'timeline', 'maxWeeks'], msg: 'Value error, timeline.minWeeks must not exceed maxWeeks' })],
    });
    await expect(saveDraft(actor, 'insight', LIVE_INSIGHT, { ...(await liveInsight()), related: ['no-such-insight'] })).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'related'], msg: 'Value error, bad related insight no-such-insight' })],
    });
    const testimonial = {
      id: 't-new-quote',
      serviceId: 'no-such-service',
      clientName: 'Ada',
      clientRole: null,
      clientCompany: null,
      content: 'Good.',
      rating: 5,
      date: '2026-11-01',
    };
    await expect(saveDraft(actor, 'testimonial', null, testimonial)).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'serviceId'], msg: 'Value error, unknown service no-such-service' })],
    });
    await expect(saveDraft(actor, 'testimonial', null, { ...testimonial, serviceId: 'constraint-snapshot', rating: 7, clientName: '' })).rejects.toMatchObject({
      items: [
        expect.objectContaining({ loc: ['body', 'clientName'], type: 'string_too_short' }),
        expect.objectContaining({ loc: ['body', 'rating'], type: 'less_than_equal' }),
      ],
    });
  });
});
