import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { buyLocalAudit, buyWebsiteAudit } from '@/test-support/buy-audit';
import { firmTime, staffMember } from '@/test-support/commitments';
import { requestBooking } from '../bookings/request-booking';
import { getServiceDetail } from '../catalogue/catalogue';
import { startCheckout } from '../checkout';
import { submitInquiry } from '../inquiries/inquiries';
import type { StaffActor } from '../staff/roles';
import { assignCommitment } from './staff-commitments';
import type { CommitmentList } from './staff-overview';
import { OVERVIEW_LIST_SIZE, staffOverview } from './staff-overview';

/** Wednesday 18 November 2026, noon in New York. */
const NOW = firmTime('2026-11-18T12:00');

let dana: StaffActor;
let sam: StaffActor;

async function promise(companyName: string, urgency: 'critical' | 'high' | 'medium', submitted: string, owner?: StaffActor) {
  const { id } = await submitInquiry(
    { companyName, contactName: 'Rosa Diaz', email: 'rosa@example.com', problemDescription: 'x', urgency },
    firmTime(submitted),
  );
  const { number } = await db.inquiry.findUniqueOrThrow({ where: { id } });
  const commitment = await db.commitment.findFirstOrThrow({ where: { inquiryNumber: number } });
  if (owner) await assignCommitment(owner, commitment.id, owner.id);
}

const names = (list: CommitmentList) => list.items.map((item) => `${item.person} (${item.owner?.displayName ?? 'unassigned'})`);

beforeAll(async () => {
  dana = await staffMember('Dana Reyes');
  sam = await staffMember('Sam Lee');
  await promise('Overdue Co', 'medium', '2026-11-16T10:00'); // due Wed 10:00
  await promise('Sams Co', 'critical', '2026-11-18T10:00', sam); // due Wed 14:00
  await promise('Tomorrow Co', 'high', '2026-11-18T11:00'); // due Thu 11:00
  await promise('Danas Co', 'critical', '2026-11-18T11:30', dana); // due Wed 15:30
  await promise('Nobodys Co', 'critical', '2026-11-18T11:45'); // due Wed 15:45
  await buyLocalAudit({ business_name: 'Ridgeline Bakery', location: 'Erie, PA' }, { now: firmTime('2026-11-09T10:00') }); // due Mon 16th 10:00
  await buyLocalAudit({ business_name: 'Keystone Bakery', location: 'Erie, PA' }, { now: firmTime('2026-11-18T10:00') }); // due Wed 25th 10:00
  // Consultations, booked on Monday: today at 14:00, tomorrow at 10:00, Friday at 10:00.
  for (const [name, local] of [
    ['Today Tess', '2026-11-18T14:00'],
    ['Tomorrow Tom', '2026-11-19T10:00'],
    ['Friday Fay', '2026-11-20T10:00'],
  ]) {
    const booked = await requestBooking(
      { name: name!, email: 'booker@example.com', context: 'x', preferredTimes: [firmTime(local!).toISOString()], duration: 60 },
      firmTime('2026-11-16T09:00'),
    );
    expect(booked.status).toBe('confirmed');
  }
  const { purchaseDigest } = await getServiceDetail('website-offer-audit');
  await startCheckout('website-offer-audit', { purchaseDigest, buyerInputs: { responsibility_acknowledged: true, url_to_audit: 'https://a.example/' } }, NOW);
  await startCheckout(
    'website-offer-audit',
    { purchaseDigest, buyerInputs: { responsibility_acknowledged: true, url_to_audit: 'https://b.example/' } },
    firmTime('2026-11-10T12:00'),
  );
  const someMessage = await db.outboxMessage.findFirstOrThrow();
  await db.outboxMessage.update({ where: { id: someMessage.id }, data: { status: 'failed' } });
});

describe('the staff overview', () => {
  it('lists what is overdue, due today and unassigned by due time, the viewer’s own and the unassigned first', async () => {
    const overview = await staffOverview(dana, NOW);
    expect(names(overview.overdue)).toEqual(['Ridgeline Bakery, Erie, PA (unassigned)', 'Rosa Diaz, Overdue Co (unassigned)']);
    expect(names(overview.dueToday)).toEqual(['Rosa Diaz, Danas Co (Dana Reyes)', 'Rosa Diaz, Nobodys Co (unassigned)', 'Rosa Diaz, Sams Co (Sam Lee)']);
    expect(overview.dueToday.total).toBe(3);
    expect(names(overview.unassigned)).toEqual([
      'Ridgeline Bakery, Erie, PA (unassigned)',
      'Rosa Diaz, Overdue Co (unassigned)',
      'Rosa Diaz, Nobodys Co (unassigned)',
      'Rosa Diaz, Tomorrow Co (unassigned)',
      'Keystone Bakery, Erie, PA (unassigned)',
    ]);
    // Sam sees his own first.
    expect(names((await staffOverview(sam, NOW)).dueToday)).toEqual([
      'Rosa Diaz, Sams Co (Sam Lee)',
      'Rosa Diaz, Nobodys Co (unassigned)',
      'Rosa Diaz, Danas Co (Dana Reyes)',
    ]);
  });

  it('shows the consultations of today and tomorrow (firm time), the reports due this week, and the counts', async () => {
    const overview = await staffOverview(dana, NOW);
    expect(overview.consultations.today.map((c) => [c.name, c.start])).toEqual([['Today Tess', firmTime('2026-11-18T14:00')]]);
    expect(overview.consultations.tomorrow.map((c) => [c.name, c.start])).toEqual([['Tomorrow Tom', firmTime('2026-11-19T10:00')]]);
    // The one due Wednesday next week is not this week's.
    expect(names(overview.reportsDueThisWeek)).toEqual(['Ridgeline Bakery, Erie, PA (unassigned)']);
    expect(overview.counts).toEqual({ newInquiries: 5, openCheckouts: 1, failedEmails: 1 });
  });

  it('moves with the clock: at 23:59 nothing more is due today, and after midnight tomorrow’s items are today’s', async () => {
    expect(names((await staffOverview(dana, firmTime('2026-11-18T23:59'))).dueToday)).toEqual([]);
    const thursday = await staffOverview(dana, firmTime('2026-11-19T00:01'));
    expect(names(thursday.dueToday)).toEqual(['Rosa Diaz, Tomorrow Co (unassigned)']);
    expect(thursday.consultations.today.map((c) => c.name)).toEqual(['Tomorrow Tom']);
    expect(thursday.consultations.tomorrow.map((c) => c.name)).toEqual(['Friday Fay']);
  });

  it('turns the week over at midnight between Sunday and Monday for the reports due this week', async () => {
    // Sunday 22 November, 23:59: the week of the 16th, so Keystone's report (due Wednesday the 25th) is next week's.
    expect(names((await staffOverview(dana, firmTime('2026-11-22T23:59'))).reportsDueThisWeek)).toEqual(['Ridgeline Bakery, Erie, PA (unassigned)']);
    // Monday 23 November, 00:01: the week of the 23rd, the overdue one still with it.
    expect(names((await staffOverview(dana, firmTime('2026-11-23T00:01'))).reportsDueThisWeek)).toEqual([
      'Ridgeline Bakery, Erie, PA (unassigned)',
      'Keystone Bakery, Erie, PA (unassigned)',
    ]);
  });

  it('shows at most 25 per list, the viewer’s own and the unassigned before everyone else’s, and counts them all', async () => {
    for (let i = 0; i < 30; i += 1) await promise(`Sams Backlog ${i}`, 'medium', '2026-11-16T10:00', sam);
    const { overdue } = await staffOverview(dana, NOW);
    expect(OVERVIEW_LIST_SIZE).toBe(25);
    expect(overdue.total).toBe(32);
    expect(names(overdue).slice(0, 2)).toEqual(['Ridgeline Bakery, Erie, PA (unassigned)', 'Rosa Diaz, Overdue Co (unassigned)']);
    // Sam's backlog, all due at the same moment: after them, in a stable order.
    expect(names(overdue).slice(2)).toHaveLength(23);
    for (const name of names(overdue).slice(2)) expect(name).toMatch(/^Rosa Diaz, Sams Backlog \d+ \(Sam Lee\)$/);
  });

  // Last: its audits would be overdue at the other tests' Wednesday.
  it('keeps the whole of a 25-hour day as today when the clocks go back (Sunday 1 November)', async () => {
    // Website audits are due 30 real minutes after payment: 23:30 EST on the Sunday, and 00:20 EST on the Monday.
    await buyWebsiteAudit('https://late-sunday.example/', { now: firmTime('2026-11-01T23:00') });
    await buyWebsiteAudit('https://early-monday.example/', { now: firmTime('2026-11-01T23:50') });
    // 00:30 EDT, before the change: the firm's Sunday lasts 25 hours, to 00:00 EST (05:00 UTC), not 24.
    const sunday = await staffOverview(dana, firmTime('2026-11-01T00:30'));
    expect(sunday.dueToday.items.map((item) => [item.promise, item.dueAt.toISOString()])).toEqual([
      ['Run the website audit of https://late-sunday.example/', '2026-11-02T04:30:00.000Z'],
    ]);
    const monday = await staffOverview(dana, firmTime('2026-11-02T00:01'));
    expect(monday.dueToday.items.map((item) => [item.promise, item.dueAt.toISOString()])).toEqual([
      ['Run the website audit of https://early-monday.example/', '2026-11-02T05:20:00.000Z'],
    ]);
  });
});
