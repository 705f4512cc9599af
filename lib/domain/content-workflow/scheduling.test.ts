import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { testJobRunner } from '@/test-support/jobs/test-job-runner';
import { manualClock } from '@/test-support/manual-clock';
import type { ManualClock } from '@/test-support/manual-clock';
import type { TestimonialItemData } from '../content/content-bundle';
import { testimonialItemOf } from '../content/rows/testimonial-rows';
import { listServiceTestimonials } from '../catalogue/catalogue';
import { discardDraft, findDraft, saveDraft } from './drafts';
import { parseFirmLocalDateTime } from './firm-local-time';
import { listScheduleFailures } from './schedule-failures';
import { cancelSchedule, runScheduledPublish, scheduleDraft } from './scheduling';
import { listVersions } from './versions';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

const ZONE = 'America/New_York';
const scheduler = staffMember('marketing', 'Sam Scheduler');
const QUOTE = 't-snapshot-precision-machining';

const runner = (clock: ManualClock, owner: string) => testJobRunner(clock, { owner });

async function draftQuote(content: string): Promise<TestimonialItemData> {
  const item = { ...testimonialItemOf(await db.testimonial.findUniqueOrThrow({ where: { id: QUOTE } })), content };
  await saveDraft(await scheduler, 'testimonial', QUOTE, item);
  return item;
}

const liveQuote = async () => (await listServiceTestimonials('constraint-snapshot', { limit: 100 })).testimonials.find((t) => t.id === QUOTE)?.content;
const scheduledJobs = () => db.job.findMany({ where: { type: 'content.publish-scheduled' }, orderBy: { createdAt: 'asc' } });

beforeEach(async () => {
  await db.contentDraft.deleteMany();
  await db.job.deleteMany();
});

describe('the Publish at field: a wall-clock time in the firm\u2019s zone', () => {
  it('reads it in the zone, refuses a time the clocks skip and takes the second of a time that happens twice', () => {
    expect(parseFirmLocalDateTime('2026-12-01T09:30', ZONE)).toEqual({ at: new Date('2026-12-01T14:30:00Z') });
    expect(parseFirmLocalDateTime('2026-07-01T09:30', ZONE)).toEqual({ at: new Date('2026-07-01T13:30:00Z') });
    expect(parseFirmLocalDateTime('2027-03-14T02:30', ZONE)).toEqual({ problem: 'nonexistent' });
    expect(parseFirmLocalDateTime('2026-11-01T01:30', ZONE)).toEqual({ at: new Date('2026-11-01T06:30:00Z') });
    expect(parseFirmLocalDateTime('tomorrow at nine', ZONE)).toEqual({ problem: 'format' });
    expect(parseFirmLocalDateTime('2026-02-30T09:00', ZONE)).toEqual({ problem: 'format' });
  });

  it('must be after now by the injected clock, and needs a draft', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z'); // 09:00 in New York
    const actor = await scheduler;
    await expect(scheduleDraft(actor, 'testimonial', QUOTE, '2026-11-20T09:30', { now: clock.now() })).rejects.toMatchObject({ code: 'NO_DRAFT' });
    await draftQuote('Scheduled words.');
    for (const past of ['2026-11-20T09:00', '2026-11-20T08:59']) {
      await expect(scheduleDraft(actor, 'testimonial', QUOTE, past, { now: clock.now() })).rejects.toMatchObject({
        items: [
          {
            type: 'value_error',
            loc: ['body', 'publishAt'],
            msg: 'Value error, Please choose a time in the future.',
            input: past,
            ctx: { error: 'Please choose a time in the future.' },
          },
        ],
      });
    }
    expect(await scheduleDraft(actor, 'testimonial', QUOTE, '2026-11-20T09:01', { now: clock.now() })).toEqual(new Date('2026-11-20T14:01:00Z'));
  });
});

describe('scheduled publishing through the job runner', () => {
  it('publishes the draft at its time, once, with two runners racing for it', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z');
    const [first, second] = [runner(clock, 'runner-a'), runner(clock, 'runner-b')];
    await draftQuote('Published by the schedule, exactly once.');
    await scheduleDraft(await scheduler, 'testimonial', QUOTE, '2026-11-20T09:05', { now: clock.now() });
    expect(await findDraft('testimonial', QUOTE)).toMatchObject({ publishAt: new Date('2026-11-20T14:05:00Z'), scheduledByName: 'Sam Scheduler' });

    expect(await Promise.all([first.tick(), second.tick()])).toEqual([0, 0]);
    clock.advance(5 * 60_000);
    const ran = await Promise.all([first.tick(), second.tick()]);
    expect(ran[0] + ran[1]).toBe(1);

    expect(await liveQuote()).toBe('Published by the schedule, exactly once.');
    expect(await findDraft('testimonial', QUOTE)).toBeNull();
    const versions = await listVersions('testimonial', QUOTE);
    expect(versions.map((v) => [v.number, v.source, v.publishedByName, v.publishedAt])).toEqual([
      [2, 'schedule', 'Sam Scheduler', new Date('2026-11-20T14:05:00Z')],
      [1, 'import', 'content import', expect.any(Date)],
    ]);
    expect(await scheduledJobs()).toMatchObject([{ status: 'succeeded', attempts: 1 }]);
    expect(await db.auditLog.count({ where: { action: 'testimonial.publish', entityId: QUOTE, actorId: 'system' } })).toBe(1);
  });

  it('publishes once even when the same schedule\u2019s job runs twice at the same moment', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z');
    await draftQuote('Twice started, once published.');
    await scheduleDraft(await scheduler, 'testimonial', QUOTE, '2026-11-20T09:05', { now: clock.now() });
    const [job] = await scheduledJobs();
    const payload = job!.payload as Parameters<typeof runScheduledPublish>[0];
    const outcomes = await Promise.all([runScheduledPublish(payload, clock.now()), runScheduledPublish(payload, clock.now())]);
    expect(outcomes.sort()).toEqual(['already-published', 'published']);
    expect(await db.contentVersion.count({ where: { scheduleId: payload.scheduleId } })).toBe(1);
  });

  it('does nothing for a cancelled schedule, and discarding the draft cancels its schedule', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z');
    const actor = await scheduler;
    const before = await liveQuote();
    await draftQuote('Never published: cancelled.');
    await scheduleDraft(actor, 'testimonial', QUOTE, '2026-11-20T09:05', { now: clock.now() });
    await cancelSchedule(actor, 'testimonial', QUOTE, clock.now());
    expect(await findDraft('testimonial', QUOTE)).toMatchObject({ publishAt: null, scheduleId: null });
    await scheduleDraft(actor, 'testimonial', QUOTE, '2026-11-20T09:10', { now: clock.now() });
    await discardDraft(actor, 'testimonial', QUOTE, clock.now());
    clock.advance(15 * 60_000);
    expect(await runner(clock, 'runner-a').tick()).toBe(0);
    expect((await scheduledJobs()).map((job) => job.status)).toEqual(['cancelled', 'cancelled']);
    expect(await liveQuote()).toBe(before);
  });

  it('shows staff a scheduled publish whose draft was deleted, and applies none of it', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z');
    const before = await liveQuote();
    await draftQuote('The draft will vanish.');
    await scheduleDraft(await scheduler, 'testimonial', QUOTE, '2026-11-20T09:05', { now: clock.now() });
    const versionsBefore = await db.contentVersion.count();
    await db.contentDraft.deleteMany({ where: { type: 'testimonial', itemId: QUOTE } });
    clock.advance(5 * 60_000);
    expect(await runner(clock, 'runner-a').tick()).toBe(1);

    const [job] = await scheduledJobs();
    expect(job).toMatchObject({
      status: 'dead',
      attempts: 1,
      lastError: `PermanentJobError: The draft of testimonial '${QUOTE}' was deleted before its scheduled time; nothing was published.`,
    });
    expect(await liveQuote()).toBe(before);
    expect(await db.contentVersion.count()).toBe(versionsBefore);
    expect(await listScheduleFailures({ types: ['testimonial'] })).toEqual([
      {
        jobId: job!.id,
        type: 'testimonial',
        itemId: QUOTE,
        scheduledFor: new Date('2026-11-20T14:05:00Z'),
        failedAt: new Date('2026-11-20T14:05:00Z'),
        reason: `The draft of testimonial '${QUOTE}' was deleted before its scheduled time; nothing was published.`,
      },
    ]);
  });

  it('fails visibly, changing nothing, when the draft no longer meets the rules at its time', async () => {
    const clock = manualClock('2026-11-20T14:00:00Z');
    const before = await liveQuote();
    await draftQuote('Points at a service that goes away.');
    await db.contentDraft.update({
      where: { type_itemId: { type: 'testimonial', itemId: QUOTE } },
      data: { data: { ...testimonialItemOf(await db.testimonial.findUniqueOrThrow({ where: { id: QUOTE } })), serviceId: 'retired-service' } },
    });
    await scheduleDraft(await scheduler, 'testimonial', QUOTE, '2026-11-20T09:05', { now: clock.now() });
    clock.advance(5 * 60_000);
    await runner(clock, 'runner-a').tick();
    expect((await scheduledJobs())[0]).toMatchObject({
      status: 'dead',
      lastError: 'PermanentJobError: The draft no longer meets the content rules: serviceId: Value error, unknown service retired-service.',
    });
    expect(await liveQuote()).toBe(before);
    // The draft stays for staff to fix; its schedule is cleared so it no longer claims a time that passed.
    expect(await findDraft('testimonial', QUOTE)).toMatchObject({ publishAt: null, scheduleId: null });
  });
});
