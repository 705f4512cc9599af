import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { firmTime, inquiryAt, staffMember } from '@/test-support/commitments';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { transitionInquiry } from '../staff/inbox';
import type { StaffActor } from '../staff/roles';
import { sendWeeklyPromisesDigest, weekLabel } from './weekly-digest';

/** The digest of the week of Monday 16 November 2026 runs on Monday the 23rd at 08:00. */
const SLOT = firmTime('2026-11-23T08:00');

let dana: StaffActor;
beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
  await transitionInquiry(dana, await inquiryAt('2026-11-16T10:00', 'medium', 'On Time'), 'reviewed', undefined, firmTime('2026-11-17T11:00'));
  await transitionInquiry(dana, await inquiryAt('2026-11-16T10:00', 'critical', 'Late'), 'reviewed', undefined, firmTime('2026-11-17T10:00'));
  await inquiryAt('2026-11-19T10:00', 'critical', 'Forgotten');
  // Promised on Friday, due the following Tuesday: made last week, judged next week.
  await inquiryAt('2026-11-20T10:00', 'medium', 'Next Week');
});

describe('weekLabel', () => {
  it('names the Monday to Sunday, with the month and year once where they are shared', () => {
    const monday = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' });
    expect(weekLabel(monday('2026-11-16'))).toBe('16 to 22 November 2026');
    expect(weekLabel(monday('2026-11-30'))).toBe('30 November to 6 December 2026');
    expect(weekLabel(monday('2026-12-28'))).toBe('28 December 2026 to 3 January 2027');
  });
});

describe('the weekly promises digest', () => {
  it('goes to the firm inbox while there is no admin, then to the admins, once per week', async () => {
    expect(await sendWeeklyPromisesDigest(firmTime('2026-11-16T08:00'), firmTime('2026-11-16T08:00'))).toBe('sent');
    const [toInbox] = await storedMessages({ type: 'week', id: '2026-11-09' });
    expect(toInbox).toMatchObject({ kind: 'promises-digest', recipients: ['hello@throughlinepartners.com'] });
    expect(toInbox!.message.subject).toBe('Promises kept, 9 to 15 November 2026: no promise fell due');

    const margaret = await staffMember('Margaret Okafor', 'admin');
    const late = new Date(SLOT.getTime() + 3 * 3_600_000);
    expect(await sendWeeklyPromisesDigest(SLOT, late)).toBe('sent');
    expect(await sendWeeklyPromisesDigest(SLOT, late)).toBe('already-sent');
    const digests = await storedMessages({ type: 'week', id: '2026-11-16' });
    expect(digests.map((d) => [d.kind, d.recipients])).toEqual([['promises-digest', [margaret.email]]]);
    const { message } = digests[0]!;
    expect(message.subject).toBe('Promises kept, 16 to 22 November 2026: 33% on time');
    expect(message.text).toContain('Last week we made 4 promises with a time on them. Of those that fell due, 1 kept on time, 1 late and 1 missed.');
    expect(message.text).toContain(
      [
        'BY KIND',
        '',
        'Inquiry replies:    4 made, 1 kept on time, 1 kept late, 1 missed',
        'Booking decisions:  0 made, 0 kept on time, 0 kept late, 0 missed',
        'Consultant reports: 0 made, 0 kept on time, 0 kept late, 0 missed',
        'Website audits:     0 made, 0 kept on time, 0 kept late, 0 missed',
      ].join('\n'),
    );
    // The worst first: Forgotten is still open, 3 d 21 h past due at the time of the digest; Late was kept 20 h late.
    expect(message.text).toMatch(
      /- Reply to inquiry TOC-2026-\d{5} \(Rosa Diaz, Forgotten\), due Thu 19 Nov, 2:00 PM EST: not kept, 3 d 21 h past due\. Nobody was assigned; no reply was logged and the inquiry was still submitted at the due time\.\n- Reply to inquiry TOC-2026-\d{5} \(Rosa Diaz, Late\), due Mon 16 Nov, 2:00 PM EST: kept 20 h late\. Kept after its due time\./,
    );
    expect(message.text).toContain('See every week on the promises page:\nhttp://localhost:3000/staff/promises');
  });
});
