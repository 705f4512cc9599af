import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { buyLocalAudit, buyWebsiteAudit } from '@/test-support/buy-audit';
import { commitmentRows, firmTime, staffMember } from '@/test-support/commitments';
import { storedMessages } from '@/test-support/mail/stored-messages';
import { requestBooking } from '../bookings/request-booking';
import { cancelManagedBooking, rescheduleManagedBooking } from '../bookings/manage-booking';
import { submitInquiry } from '../inquiries/inquiries';
import { claimConsultantReport, claimReportForProcessing, publishConsultantReport, recordReportFailed, recordReportReady, rerunUrlAudit } from '../reports';
import { cancelBooking, confirmPendingBooking, transitionInquiry } from '../staff/inbox';
import type { StaffActor } from '../staff/roles';
import { assignCommitment, logInquiryReply } from './staff-commitments';

/** Monday 16 November 2026, 10:00 in New York: every promise below is made then, on this injected clock. */
const NOW = firmTime('2026-11-16T10:00');
const hoursLater = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000);
const ny = (local: string) => DateTime.fromISO(local, { zone: 'America/New_York' }).toISO()!;

let dana: StaffActor;
let marketing: StaffActor;
beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
  marketing = await staffMember('Mark Eting', 'marketing');
});

const inquiry = (companyName: string) => ({
  companyName,
  contactName: 'Rosa Diaz',
  email: 'rosa@allegheny.example',
  problemDescription: 'Heat treat is late.',
});
const inquiryNumber = async (id: string) => (await db.inquiry.findUniqueOrThrow({ where: { id } })).number;

describe('the reply to an inquiry', () => {
  it('is promised with the inquiry, due at its estimatedResponse, unassigned', async () => {
    const answer = await submitInquiry({ ...inquiry('Allegheny Castings'), urgency: 'high' }, NOW);
    expect(answer.estimatedResponse).toBe(firmTime('2026-11-17T10:00').toISOString());
    expect(await commitmentRows({ inquiryNumber: await inquiryNumber(answer.id) })).toEqual([
      {
        kind: 'inquiry-reply',
        state: 'open',
        dueAt: firmTime('2026-11-17T10:00'),
        createdAt: NOW,
        ownerId: null,
        keptAt: null,
        voidedAt: null,
        closedByName: null,
        closeNote: null,
      },
    ]);
  });

  // Eight business hours (urgency high) in the firm's calendar: Monday to Friday 09:00-17:00 New York time, closed on
  // Thanksgiving (every seeded consultant has 26 November off). Expected times are wall-clock, with their offset.
  it.each([
    ['Monday', '2026-11-16T10:00', 'Tue 2026-11-17T10:00 -05:00'],
    ['Tuesday', '2026-11-17T10:00', 'Wed 2026-11-18T10:00 -05:00'],
    ['Wednesday', '2026-11-18T10:00', 'Thu 2026-11-19T10:00 -05:00'],
    ['Thursday', '2026-11-19T10:00', 'Fri 2026-11-20T10:00 -05:00'],
    ['Friday', '2026-11-20T10:00', 'Mon 2026-11-23T10:00 -05:00'],
    ['Saturday', '2026-11-21T10:00', 'Mon 2026-11-23T17:00 -05:00'],
    ['Sunday', '2026-11-22T10:00', 'Mon 2026-11-23T17:00 -05:00'],
    ['Friday evening', '2026-11-20T18:30', 'Mon 2026-11-23T17:00 -05:00'],
    ['the eve of Thanksgiving', '2026-11-25T10:00', 'Fri 2026-11-27T10:00 -05:00'],
    ['the Friday before the clocks go back', '2026-10-30T10:00', 'Mon 2026-11-02T10:00 -05:00'],
    ['the Friday before the clocks go forward', '2027-03-12T10:00', 'Mon 2027-03-15T10:00 -04:00'],
  ])('submitted on %s (%s) is due %s, its estimatedResponse', async (_day, submitted, due) => {
    const answer = await submitInquiry({ ...inquiry(`Every Day ${submitted}`), urgency: 'high' }, firmTime(submitted));
    const [row] = await commitmentRows({ inquiryNumber: await inquiryNumber(answer.id) });
    expect(DateTime.fromJSDate(row!.dueAt, { zone: 'America/New_York' }).toFormat("ccc yyyy-MM-dd'T'HH:mm ZZ")).toBe(due);
    expect(row!.dueAt.toISOString()).toBe(answer.estimatedResponse);
  });

  it('is kept on time by moving the inquiry past submitted, and late after its due time; later moves change nothing', async () => {
    const onTime = await submitInquiry(inquiry('On Time Ltd'), NOW);
    await transitionInquiry(dana, onTime.id, 'reviewed', undefined, hoursLater(2));
    await transitionInquiry(dana, onTime.id, 'contacted', undefined, hoursLater(3));
    expect(await commitmentRows({ inquiryNumber: await inquiryNumber(onTime.id) })).toMatchObject([
      { state: 'kept', keptAt: hoursLater(2), closedByName: 'Dana Reyes', closeNote: 'moved to reviewed' },
    ]);

    const late = await submitInquiry({ ...inquiry('Late Ltd'), urgency: 'critical' }, NOW);
    await transitionInquiry(dana, late.id, 'closed', 'Spam', hoursLater(30));
    const [row] = await commitmentRows({ inquiryNumber: await inquiryNumber(late.id) });
    expect(row).toMatchObject({ state: 'kept', dueAt: firmTime('2026-11-16T14:00'), keptAt: hoursLater(30), closeNote: 'moved to closed' });
  });

  it('is kept by logging a reply made outside the site, once, with who and the note', async () => {
    const answer = await submitInquiry(inquiry('Phoned Inc'), NOW);
    const number = await inquiryNumber(answer.id);
    const { id } = await db.commitment.findFirstOrThrow({ where: { inquiryNumber: number } });
    await assignCommitment(dana, id, dana.id);
    await logInquiryReply(dana, id, '  Called Rosa, sent the outline ', hoursLater(1));
    expect(await commitmentRows({ inquiryNumber: number })).toMatchObject([
      { state: 'kept', ownerId: dana.id, keptAt: hoursLater(1), closedByName: 'Dana Reyes', closeNote: 'reply logged: Called Rosa, sent the outline' },
    ]);
    await expect(logInquiryReply(dana, id, undefined, hoursLater(2))).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(assignCommitment(dana, id, null)).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    expect((await db.inquiry.findUniqueOrThrow({ where: { id: answer.id } })).status).toBe('submitted');
    expect((await db.auditLog.findMany({ where: { entityType: 'commitment', entityId: id }, orderBy: { id: 'asc' } })).map((entry) => entry.action)).toEqual([
      'commitment.assign',
      'inquiry.reply_logged',
    ]);
  });

  it('goes only to an active sales or admin account', async () => {
    const answer = await submitInquiry(inquiry('Owners Co'), NOW);
    const { id } = await db.commitment.findFirstOrThrow({ where: { inquiryNumber: await inquiryNumber(answer.id) } });
    await expect(assignCommitment(dana, id, marketing.id)).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(assignCommitment(dana, id, 'stf_nobody')).rejects.toMatchObject({ code: 'TRANSITION_NOT_ALLOWED' });
    await expect(assignCommitment(dana, 'cmt_nothing', dana.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await assignCommitment(dana, id, dana.id);
    await assignCommitment(dana, id, null);
    expect((await db.commitment.findUniqueOrThrow({ where: { id } })).ownerId).toBeNull();
  });
});

describe('the decision on a pending booking', () => {
  // Saturday night: no consultant works then, so the request waits for staff.
  const pendingRequest = (email: string) => ({
    name: 'Sam Okoye',
    email,
    context: 'Packaging line bottleneck',
    preferredTimes: [ny('2026-11-21T22:00')],
    duration: 60,
  });

  it('is promised with the request, by the time the booker is told (one working day), and kept by staff confirming', async () => {
    const { id, status } = await requestBooking(pendingRequest('confirm@ridgeline.example'), NOW);
    expect(status).toBe('pending');
    expect(await commitmentRows({ bookingId: id })).toMatchObject([{ kind: 'booking-decision', state: 'open', dueAt: firmTime('2026-11-17T10:00') }]);
    const [requested] = await storedMessages({ type: 'booking', id });
    expect(requested!.message.text).toContain('confirm a time with you by Tuesday 17 November 2026, 10:00 AM EST');

    await confirmPendingBooking(dana, id, 'daniel-reyes', firmTime('2026-11-18T11:00'), hoursLater(3));
    expect(await commitmentRows({ bookingId: id })).toMatchObject([
      { state: 'kept', keptAt: hoursLater(3), closedByName: 'Dana Reyes', closeNote: 'confirmed' },
    ]);
  });

  it('is kept by staff declining (cancelling) the request, and void when the booker cancels it', async () => {
    const declined = await requestBooking(pendingRequest('declined@ridgeline.example'), NOW);
    await cancelBooking(dana, declined.id, hoursLater(30));
    expect(await commitmentRows({ bookingId: declined.id })).toMatchObject([{ state: 'kept', keptAt: hoursLater(30), closeNote: 'declined' }]);

    const withdrawn = await requestBooking(pendingRequest('withdrawn@ridgeline.example'), NOW);
    const { manageToken } = await db.booking.findUniqueOrThrow({ where: { id: withdrawn.id } });
    await cancelManagedBooking(manageToken, hoursLater(1));
    expect(await commitmentRows({ bookingId: withdrawn.id })).toMatchObject([
      { state: 'void', voidedAt: hoursLater(1), closedByName: 'the booker', closeNote: 'cancelled' },
    ]);
  });

  it('is promised afresh when the booker asks for other times, and void when the booker picks a free one', async () => {
    const { id } = await requestBooking(pendingRequest('moves@ridgeline.example'), NOW);
    const { manageToken } = await db.booking.findUniqueOrThrow({ where: { id } });
    // Friday evening: still nobody free; a new decision is due by Monday's close (and before the new time, Tuesday night).
    const friday = firmTime('2026-11-20T18:00');
    await rescheduleManagedBooking(manageToken, [ny('2026-11-24T22:00')], friday);
    expect(await commitmentRows({ bookingId: id })).toMatchObject([
      { state: 'void', voidedAt: friday, closeNote: 'the booker asked for other times' },
      { state: 'open', dueAt: firmTime('2026-11-23T17:00'), createdAt: friday },
    ]);
    // Then a time someone works: confirmed at once, so nothing is left for staff to decide.
    await rescheduleManagedBooking(manageToken, [ny('2026-11-24T11:00')], firmTime('2026-11-21T09:00'));
    expect((await commitmentRows({ bookingId: id })).map((row) => [row.state, row.closeNote])).toEqual([
      ['void', 'the booker asked for other times'],
      ['void', 'the booker chose a free time'],
    ]);
  });

  it('is never due after the requested time', async () => {
    // Asked on Friday evening for Monday 11:00 (which nobody can hold): decided by then, not by Monday's close.
    const request = { ...pendingRequest('soon@ridgeline.example'), preferredTimes: [ny('2026-11-23T11:00')] };
    await db.consultant.updateMany({ data: { active: false } });
    try {
      const { id, status } = await requestBooking(request, firmTime('2026-11-20T18:00'));
      expect(status).toBe('pending');
      expect(await commitmentRows({ bookingId: id })).toMatchObject([{ dueAt: firmTime('2026-11-23T11:00') }]);
    } finally {
      await db.consultant.updateMany({ data: { active: true } });
    }
  });
});

describe('the report of a paid audit', () => {
  it('written by a consultant: due five business days after payment, owned by whoever claims it, kept when published', async () => {
    const token = await buyLocalAudit(undefined, { now: NOW });
    expect(await commitmentRows({ reportToken: token })).toMatchObject([
      { kind: 'report-delivery', state: 'open', dueAt: firmTime('2026-11-23T10:00'), createdAt: NOW, ownerId: null },
    ]);
    await claimConsultantReport(dana, token, hoursLater(1));
    expect(await commitmentRows({ reportToken: token })).toMatchObject([{ ownerId: dana.id, state: 'open' }]);
    const finding = {
      id: 'local.hours-missing',
      category: 'listing-completeness',
      severity: 'critical',
      title: 'The listing shows no opening hours',
      detail: 'Searches for "bakery open now" skip a listing without hours.',
      recommendation: 'Add the opening hours.',
      evidence: '',
    };
    await publishConsultantReport(dana, token, [finding], hoursLater(48));
    expect(await commitmentRows({ reportToken: token })).toMatchObject([
      { state: 'kept', keptAt: hoursLater(48), closedByName: 'Dana Reyes', closeNote: 'published' },
    ]);
  });

  it('run by the system: due within the expected minutes, void when it fails, promised again when run again, kept when ready', async () => {
    const token = await buyWebsiteAudit('https://northgate.example/offer', { now: NOW });
    expect(await commitmentRows({ reportToken: token })).toMatchObject([{ kind: 'website-audit', state: 'open', dueAt: hoursLater(0.5) }]);
    await claimReportForProcessing(token);
    await recordReportFailed(token, 'The page did not answer.', hoursLater(0.1));
    await rerunUrlAudit(dana, token, hoursLater(2));
    await claimReportForProcessing(token);
    await recordReportReady(token, { findings: [] }, { now: hoursLater(2.1) });
    expect((await commitmentRows({ reportToken: token })).map((row) => [row.state, row.dueAt, row.closedByName, row.closeNote])).toEqual([
      ['void', hoursLater(0.5), 'the website audit', 'failed: The page did not answer.'],
      ['kept', hoursLater(2.5), 'the website audit', 'ready'],
    ]);
  });
});
