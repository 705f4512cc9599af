import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { manualClock } from '@/test-support/manual-clock';
import type { InsightItemData } from '../content/content-bundle';
import { insightItemOf } from '../content/rows/insight-rows';
import { consultantItemOf } from '../content/rows/consultant-rows';
import { getInsight } from '../insights/insights';
import type { EditorBase } from './drafts';
import { findDraft, saveDraft } from './drafts';
import { loadItemWorkspace } from './item-workspace';
import { previewSnapshot } from './preview-content';
import { createPreviewLinkForEdits, resolvePreviewLink } from './preview-links';
import { publishEdits, unpublishItem } from './publishing';
import type { ContentTypeId } from './content-type';
import { scheduleEdits } from './scheduling';
import { listVersions } from './versions';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

/**
 * Publish, Schedule and Create preview link take what the editor shows: the fields are saved as the draft, with Save
 * draft's rules and its check that the editor is not stale, and the step is taken in the same transaction.
 */
const editor = staffMember('marketing', 'Eda Editor');
const colleague = staffMember('marketing', 'Cole Colleague');
const now = new Date('2026-11-20T15:00:00Z');

const liveInsight = async (id: string): Promise<InsightItemData> => insightItemOf(await db.insight.findUniqueOrThrow({ where: { id } }));

/** What the editor page sends back with its fields: the draft revision and the live version it was opened on. */
async function openedOn(type: ContentTypeId, id: string): Promise<EditorBase> {
  const workspace = await loadItemWorkspace(type, id, now);
  return { revision: workspace.draft?.revision ?? null, liveVersion: workspace.liveVersion };
}

/** Everything a step could have written about an item, to show that a refused one wrote none of it. */
async function storedAbout(id: string) {
  return {
    live: await db.insight.findUniqueOrThrow({ where: { id } }),
    draft: await findDraft('insight', id),
    versions: await db.contentVersion.count({ where: { itemId: id } }),
    audit: await db.auditLog.count({ where: { entityId: id } }),
    links: await db.previewLink.count({ where: { itemId: id } }),
    jobs: await db.job.count(),
  };
}

const auditOf = async (id: string, since: number) =>
  (await db.auditLog.findMany({ where: { entityId: id, id: { gt: since } }, orderBy: { id: 'asc' } })).map((entry) => [entry.action, entry.details]);
const lastAuditId = async () => (await db.auditLog.findFirst({ orderBy: { id: 'desc' }, select: { id: true } }))?.id ?? 0;

describe('Publish takes what the editor shows', () => {
  it('publishes an edit of live content with no draft in one step: the live row, a version with the new content, and the audit', async () => {
    const id = 'drum-buffer-rope-for-job-shops';
    const actor = await editor;
    const live = await liveInsight(id);
    const base = await openedOn('insight', id);
    expect(base).toEqual({ revision: null, liveVersion: 1 });
    const since = await lastAuditId();
    const edited = { ...live, title: 'Drum-buffer-rope in a job shop, step by step' };

    expect(await publishEdits(actor, 'insight', id, { candidate: edited, base }, { note: ' New title ', now })).toBe(2);

    expect((await getInsight(id)).title).toBe('Drum-buffer-rope in a job shop, step by step');
    expect(await findDraft('insight', id)).toBeNull();
    const versions = await listVersions('insight', id);
    expect(versions.map((v) => [v.number, v.source, v.publishedByName, v.note, v.publishedAt])).toEqual([
      [2, 'staff', 'Eda Editor', 'New title', now],
      [1, 'import', 'content import', null, expect.any(Date)],
    ]);
    expect(versions[0]!.data).toEqual(edited);
    expect((versions[1]!.data as InsightItemData).title).toBe(live.title);
    expect(await auditOf(id, since)).toEqual([
      ['insight.save_draft', { revision: 1, created: false }],
      ['insight.publish', { version: 2, note: 'New title', source: 'staff', by: 'Eda Editor', previouslyPublished: true, acknowledgedBookingIds: [] }],
    ]);
    expect(await openedOn('insight', id)).toEqual({ revision: null, liveVersion: 2 });
  });

  it('publishes the fields on screen, not the saved draft they were opened from', async () => {
    const id = 'market-as-the-constraint';
    const actor = await editor;
    const live = await liveInsight(id);
    await saveDraft(actor, 'insight', id, { ...live, title: 'The saved draft title' });
    const base = await openedOn('insight', id);
    expect(base).toEqual({ revision: 1, liveVersion: 1 });
    const onScreen = { ...live, title: 'The title on screen', summary: 'A summary typed after the draft was saved, never saved by itself.' };

    await publishEdits(actor, 'insight', id, { candidate: onScreen, base }, { now });

    const published = await getInsight(id);
    expect([published.title, published.summary]).toEqual(['The title on screen', 'A summary typed after the draft was saved, never saved by itself.']);
    expect((await listVersions('insight', id))[0]!.data).toEqual(onScreen);
    expect(await findDraft('insight', id)).toBeNull();
  });

  it('refuses a stale editor with the conflict message and stores nothing: a colleague saved a draft, or published, since it opened', async () => {
    const id = 'policy-constraints';
    const live = await liveInsight(id);
    const base = await openedOn('insight', id);
    await saveDraft(await colleague, 'insight', id, { ...live, title: 'The colleague\u2019s draft' }, { base });
    const before = await storedAbout(id);
    const refusal = { code: 'DRAFT_CHANGED', message: 'The draft changed since it was reviewed; look at it again before publishing.' };

    await expect(publishEdits(await editor, 'insight', id, { candidate: { ...live, title: 'A stale edit' }, base }, { now })).rejects.toMatchObject(refusal);
    // Save draft from the same editor is refused alike: it would overwrite a draft its author never saw.
    await expect(saveDraft(await editor, 'insight', id, { ...live, title: 'A stale edit' }, { base })).rejects.toMatchObject(refusal);
    expect(await storedAbout(id)).toEqual(before);
    expect(before.draft).toMatchObject({ revision: 1, updatedByName: 'Cole Colleague', item: { title: 'The colleague\u2019s draft' } });
    expect(before.live.title).toBe(live.title);

    // The colleague publishes their draft: an editor opened before that, even on no draft, is stale too.
    const opened = await openedOn('insight', id);
    const noDraftBase = await openedOn('insight', 'throughput-per-constraint-minute');
    await publishEdits(await colleague, 'insight', id, { candidate: { ...live, title: 'The colleague\u2019s draft' }, base: opened }, { now });
    const published = await storedAbout(id);
    await expect(publishEdits(await editor, 'insight', id, { candidate: { ...live, title: 'A stale edit' }, base: opened }, { now })).rejects.toMatchObject(
      refusal,
    );
    await expect(
      publishEdits(await editor, 'insight', id, { candidate: { ...live, title: 'A stale edit' }, base: { revision: null, liveVersion: 1 } }, { now }),
    ).rejects.toMatchObject(refusal);
    expect(await storedAbout(id)).toEqual(published);
    expect(published.live.title).toBe('The colleague\u2019s draft');
    expect(noDraftBase).toEqual({ revision: null, liveVersion: 1 });
  });

  it('refuses invalid fields with Save draft\u2019s field errors and stores nothing', async () => {
    const id = 'throughput-per-constraint-minute';
    const live = await liveInsight(id);
    const base = await openedOn('insight', id);
    const before = await storedAbout(id);
    await expect(
      publishEdits(await editor, 'insight', id, { candidate: { ...live, title: '', related: ['no-such-insight'] }, base }, { now }),
    ).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'title'], type: 'string_too_short' })],
    });
    await expect(publishEdits(await editor, 'insight', id, { candidate: { ...live, related: ['no-such-insight'] }, base }, { now })).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'related'], msg: 'Value error, bad related insight no-such-insight' })],
    });
    expect(await storedAbout(id)).toEqual(before);
  });

  it('with no draft and no change, has nothing to publish; a draft unchanged on screen is published as it is; an item taken offline comes back', async () => {
    const id = 'five-focusing-steps-in-practice';
    const actor = await editor;
    const live = await liveInsight(id);
    const before = await storedAbout(id);
    await expect(publishEdits(actor, 'insight', id, { candidate: live, base: await openedOn('insight', id) }, { now })).rejects.toMatchObject({
      code: 'NO_DRAFT',
      message: 'Nothing to publish: the editor shows what visitors see already.',
    });
    expect(await storedAbout(id)).toEqual(before);

    const { revision } = await saveDraft(actor, 'insight', id, { ...live, featured: !live.featured });
    const since = await lastAuditId();
    expect(await publishEdits(actor, 'insight', id, { candidate: { ...live, featured: !live.featured }, base: await openedOn('insight', id) }, { now })).toBe(
      2,
    );
    // The draft was not saved again: the version is the revision that was reviewed.
    expect((await auditOf(id, since)).map(([action]) => action)).toEqual(['insight.publish']);
    expect(revision).toBe(1);
    expect((await getInsight(id)).featured).toBe(!live.featured);

    await unpublishItem(actor, 'insight', id);
    const offline = await liveInsight(id);
    expect(await publishEdits(actor, 'insight', id, { candidate: offline, base: await openedOn('insight', id) }, { now })).toBe(3);
    expect((await db.insight.findUniqueOrThrow({ where: { id } })).status).toBe('published');
  });
});

describe('Schedule takes what the editor shows', () => {
  const id = 'critical-chain-and-multitasking';
  const clock = manualClock('2026-11-20T14:00:00Z'); // 09:00 in New York

  it('saves the fields as the draft and schedules it in one step; a bad time, bad fields or a stale editor store nothing', async () => {
    const actor = await editor;
    const live = await liveInsight(id);
    const base = await openedOn('insight', id);
    const edit = { candidate: { ...live, title: 'Critical chain without the multitasking, revised' }, base };
    const before = await storedAbout(id);

    await expect(scheduleEdits(actor, 'insight', id, edit, '2026-11-20T08:59', { now: clock.now() })).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'publishAt'], msg: 'Value error, Please choose a time in the future.' })],
    });
    await expect(
      scheduleEdits(actor, 'insight', id, { ...edit, candidate: { ...edit.candidate, title: '' } }, '2026-11-20T09:05', { now: clock.now() }),
    ).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'title'] })],
    });
    await expect(
      scheduleEdits(actor, 'insight', id, { ...edit, base: { revision: 3, liveVersion: 1 } }, '2026-11-20T09:05', { now: clock.now() }),
    ).rejects.toMatchObject({
      code: 'DRAFT_CHANGED',
    });
    await expect(scheduleEdits(actor, 'insight', id, { candidate: live, base }, '2026-11-20T09:05', { now: clock.now() })).rejects.toMatchObject({
      code: 'NO_DRAFT',
      message: 'Nothing to schedule: the editor shows what visitors see already.',
    });
    expect(await storedAbout(id)).toEqual(before);

    expect(await scheduleEdits(actor, 'insight', id, edit, '2026-11-20T09:05', { now: clock.now() })).toEqual(new Date('2026-11-20T14:05:00Z'));
    const draft = await findDraft('insight', id);
    expect(draft).toMatchObject({ revision: 1, publishAt: new Date('2026-11-20T14:05:00Z'), scheduledByName: 'Eda Editor', item: edit.candidate });
    const jobs = await db.job.findMany({ where: { type: 'content.publish-scheduled' } });
    expect(jobs.map((job) => [job.payload, job.runAt])).toEqual([
      [{ contentType: 'insight', itemId: id, scheduleId: draft!.scheduleId, acknowledgedBookingIds: [] }, new Date('2026-11-20T14:05:00Z')],
    ]);
    expect((await getInsight(id)).title).toBe(live.title);
  });
});

describe('Create preview link takes what the editor shows', () => {
  const id = 'buffer-management-red-zones';

  it('saves the fields as the draft and links to it in one step; bad fields or a stale editor store nothing', async () => {
    const actor = await editor;
    const live = await liveInsight(id);
    const base = await openedOn('insight', id);
    const edit = { candidate: { ...live, title: 'Red zones, as the reviewer should see them' }, base };
    const before = await storedAbout(id);

    await expect(createPreviewLinkForEdits(actor, 'insight', id, { ...edit, candidate: { ...live, title: '' } }, { now })).rejects.toMatchObject({
      items: [expect.objectContaining({ loc: ['body', 'title'] })],
    });
    await expect(createPreviewLinkForEdits(actor, 'insight', id, { ...edit, base: { revision: 1, liveVersion: 1 } }, { now })).rejects.toMatchObject({
      code: 'DRAFT_CHANGED',
    });
    await expect(createPreviewLinkForEdits(actor, 'insight', id, { candidate: live, base }, { now })).rejects.toMatchObject({
      code: 'NO_DRAFT',
      message: 'Nothing to preview: the editor shows what visitors see already.',
    });
    expect(await storedAbout(id)).toEqual(before);

    const { token, expiresAt } = await createPreviewLinkForEdits(actor, 'insight', id, edit, { days: 1, now });
    expect(expiresAt).toEqual(new Date('2026-11-21T15:00:00Z'));
    expect(await findDraft('insight', id)).toMatchObject({ revision: 1, item: edit.candidate });
    expect(await resolvePreviewLink(token, now)).toMatchObject({ type: 'insight', itemId: id, createdByName: 'Eda Editor' });
    const shown = await previewSnapshot({ kind: 'one-item', type: 'insight', itemId: id }, now);
    expect(shown.content.insightsById.get(id)?.summary.title).toBe('Red zones, as the reviewer should see them');
    expect((await getInsight(id)).title).toBe(live.title);

    // A second link to the same screen saves nothing again.
    await createPreviewLinkForEdits(actor, 'insight', id, { ...edit, base: await openedOn('insight', id) }, { now });
    expect(await findDraft('insight', id)).toMatchObject({ revision: 1 });
  });
});

describe('a calendar edited and published without saving first', () => {
  it('is refused with the bookings it no longer covers, listed for the editor to confirm, and then published', async () => {
    const sales = await staffMember('sales', 'Sol Sales');
    await db.booking.create({
      data: {
        id: 'bk_edit_friday',
        name: 'Fay Friday',
        email: 'fay@example.com',
        context: 'Calendar edit test',
        durationMinutes: 60,
        preferredTimes: ['2026-12-04T15:00:00Z'],
        status: 'confirmed',
        scheduledStart: new Date('2026-12-04T15:00:00Z'), // Friday 10:00 in New York
        scheduledEnd: new Date('2026-12-04T16:00:00Z'),
        consultantId: 'margaret-okafor',
        manageToken: 'manage-bk_edit_friday',
      },
    });
    const calendar = consultantItemOf(await db.consultant.findUniqueOrThrow({ where: { id: 'margaret-okafor' } }));
    const edit = { candidate: { ...calendar, workingDays: [1, 2, 3, 4] }, base: await openedOn('consultant', 'margaret-okafor') };
    await expect(publishEdits(sales, 'consultant', 'margaret-okafor', edit, { now })).rejects.toMatchObject({
      code: 'CALENDAR_CONFLICTS',
      details: {
        bookingIds: ['bk_edit_friday'],
        conflicts: [{ bookingId: 'bk_edit_friday', name: 'Fay Friday', start: '2026-12-04T15:00:00.000Z', reason: 'Friday would not be a working day' }],
      },
    });
    expect(await findDraft('consultant', 'margaret-okafor')).toBeNull();
    await publishEdits(sales, 'consultant', 'margaret-okafor', edit, { now, acknowledgedBookingIds: ['bk_edit_friday'] });
    expect((await db.consultant.findUniqueOrThrow({ where: { id: 'margaret-okafor' } })).workingDays).toEqual([1, 2, 3, 4]);
  });
});
