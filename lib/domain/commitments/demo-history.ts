import { DateTime } from 'luxon';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { countBySeverity } from '@/lib/report-findings';
import { newSecretToken } from '../../core/secret-tokens';
import { opaqueId } from '../../core/tokens';
import { newMeetingLink } from '../bookings/booking-changes';
import { RESPONSE_BUSINESS_HOURS } from '../inquiries/inquiries';
import type { BusinessCalendar } from '../scheduling/business-time';
import { addBusinessHours } from '../scheduling/business-time';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';
import { bookingDecisionDue, reportDeliveryDue } from './due-times';

/*
 * A demonstration history of the firm's promises (prisma/demo/promise-history.json): inquiries answered, booking
 * requests decided, consultant reports delivered, over the eleven weeks before the week it is loaded in, so the
 * overview and /staff/promises have something true to the firm to show. Every time is computed with the same rules
 * as the real promises; late ones carry the reason the watch would have recorded.
 */

const When = { weeksAgo: z.int().min(1).max(11), day: z.int().min(1).max(7), at: z.string().regex(/^\d\d:\d\d$/) };
const Closed = { after: z.number().positive(), by: z.string().min(1), reason: z.string().min(1).optional() };

export const DemoHistory = z.object({
  about: z.string(),
  inquiries: z.array(
    z.object({
      ...When,
      company: z.string().min(1),
      contact: z.string().min(1),
      urgency: z.enum(['critical', 'high', 'medium', 'low']),
      problem: z.string().min(1),
      reply: z.object({ ...Closed, status: z.enum(['reviewed', 'contacted', 'in-progress', 'closed']) }),
    }),
  ),
  bookings: z.array(
    z.object({
      ...When,
      name: z.string().min(1),
      topic: z.string().min(1),
      decision: z.object({ ...Closed, outcome: z.enum(['confirmed', 'declined']), consultant: z.string().optional() }),
    }),
  ),
  reports: z.array(z.object({ ...When, buyer: z.string().min(1), business: z.string().min(1), location: z.string().min(1), delivered: z.object(Closed) })),
});
export type DemoHistory = z.infer<typeof DemoHistory>;

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const emailOf = (person: string, organisation: string) => `${slug(person).split('-').at(-1)}@${slug(organisation)}.example`;

/** The kept commitment of a promise closed `after` business hours after it was made; late ones were missed at their due time. */
function keptCommitment(
  kind: string,
  subject: { inquiryNumber: number } | { bookingId: string } | { reportToken: string },
  made: Date,
  dueAt: Date,
  closed: { after: number; by: string; reason?: string | undefined },
  note: string,
  calendar: BusinessCalendar,
  now: Date,
): Prisma.CommitmentUncheckedCreateInput {
  const keptAt = addBusinessHours(made, closed.after, calendar);
  if (keptAt > now) throw new Error(`Demo history: a promise made ${made.toISOString()} would be kept in the future`);
  const late = keptAt > dueAt;
  if (late !== Boolean(closed.reason)) throw new Error(`Demo history: the promise made ${made.toISOString()} needs a reason exactly when it was late`);
  return {
    id: opaqueId('cmt'),
    kind,
    state: 'kept',
    dueAt,
    createdAt: made,
    ...subject,
    missedAt: late ? new Date(dueAt.getTime() + 60_000) : null,
    missReason: closed.reason ?? null,
    keptAt,
    closedByName: closed.by,
    closeNote: note,
  };
}

/**
 * Loads the demonstration history relative to `now`, in one transaction, into a database that has no inquiry, booking
 * or report yet (it never mixes with real records). Returns how many of each it wrote.
 */
export async function loadDemoHistory(history: DemoHistory, now: Date): Promise<{ inquiries: number; bookings: number; reports: number }> {
  const [inquiries, bookings, reports] = await Promise.all([db.inquiry.count(), db.booking.count(), db.report.count()]);
  if (inquiries + bookings + reports > 0) throw new Error('Demo history goes only into a database without inquiries, bookings or reports.');
  const { FIRM_TIME_ZONE, BOOKING_DECISION_BUSINESS_HOURS } = config();
  const calendar = firmCalendar(await activeConsultants());
  const audit = await db.service.findUniqueOrThrow({ where: { id: 'local-market-constraint-audit' } });
  const thisWeek = DateTime.fromJSDate(now, { zone: FIRM_TIME_ZONE }).startOf('week');
  const at = ({ weeksAgo, day, at: time }: { weeksAgo: number; day: number; at: string }) => {
    const [hour, minute] = time.split(':').map(Number);
    return thisWeek
      .minus({ weeks: weeksAgo })
      .plus({ days: day - 1 })
      .set({ hour: hour!, minute: minute! });
  };
  await db.$transaction(async (tx) => {
    for (const inquiry of history.inquiries) {
      const submittedAt = at(inquiry).toJSDate();
      const dueAt = addBusinessHours(submittedAt, RESPONSE_BUSINESS_HOURS[inquiry.urgency], calendar);
      const row = await tx.inquiry.create({
        data: {
          id: opaqueId('inq'),
          companyName: inquiry.company,
          contactName: inquiry.contact,
          email: emailOf(inquiry.contact, inquiry.company),
          problemDescription: inquiry.problem,
          urgency: inquiry.urgency,
          preferredServices: [],
          status: inquiry.reply.status,
          submittedAt,
          estimatedResponseAt: dueAt,
        },
      });
      await tx.commitment.create({
        data: keptCommitment('inquiry-reply', { inquiryNumber: row.number }, submittedAt, dueAt, inquiry.reply, 'moved to reviewed', calendar, now),
      });
    }
    for (const booking of history.bookings) {
      const requested = at(booking);
      const requestedAt = requested.toJSDate();
      const start = requested.plus({ days: 7 }).set({ hour: 10, minute: 0 });
      const dueAt = bookingDecisionDue(requestedAt, start.toJSDate(), BOOKING_DECISION_BUSINESS_HOURS, calendar);
      const manage = newSecretToken();
      const confirmed = booking.decision.outcome === 'confirmed';
      const commitment = keptCommitment('booking-decision', { bookingId: '' }, requestedAt, dueAt, booking.decision, booking.decision.outcome, calendar, now);
      const row = await tx.booking.create({
        data: {
          id: opaqueId('bkg'),
          name: booking.name,
          email: emailOf(booking.name, 'client'),
          context: 'Following up on our inquiry: we would like to walk through where the constraint is and what to do first.',
          serviceType: booking.topic,
          durationMinutes: 60,
          preferredTimes: [start.toISO()!],
          status: confirmed ? 'confirmed' : 'cancelled',
          scheduledStart: start.toJSDate(),
          scheduledEnd: start.plus({ hours: 1 }).toJSDate(),
          consultantId: confirmed ? (booking.decision.consultant ?? null) : null,
          meetingLink: confirmed ? newMeetingLink() : null,
          manageToken: manage.token,
          manageTokenDigest: manage.digest,
          calendarSequence: confirmed ? 0 : 1,
          createdAt: requestedAt,
          cancelledAt: confirmed ? null : commitment.keptAt,
          cancelledBy: confirmed ? null : 'staff',
        },
      });
      await tx.commitment.create({ data: { ...commitment, bookingId: row.id } });
    }
    for (const report of history.reports) {
      const paidAt = at(report).toJSDate();
      const dueAt = reportDeliveryDue(paidAt, audit.timelineMaxWeeks, calendar);
      const checkout = newSecretToken();
      const token = newSecretToken();
      const commitment = keptCommitment('report-delivery', { reportToken: token.token }, paidAt, dueAt, report.delivered, 'published', calendar, now);
      await tx.checkout.create({
        data: {
          token: checkout.token,
          tokenDigest: checkout.digest,
          serviceId: audit.id,
          serviceName: audit.name,
          amountMinor: audit.priceMinor,
          currency: audit.currency,
          purchaseDigest: 'pd:demo-history',
          buyerInputs: { responsibility_acknowledged: true, business_name: report.business, location: report.location },
          status: 'complete',
          provider: 'sandbox',
          providerSessionId: opaqueId('cs_demo'),
          paymentUrl: `${config().SITE_URL}/services/${audit.id}`,
          createdAt: paidAt,
          expiresAt: new Date(paidAt.getTime() + 30 * 60_000),
          completedAt: paidAt,
          buyerEmail: emailOf(report.buyer, report.business),
          buyerName: report.buyer,
        },
      });
      await tx.report.create({
        data: {
          token: token.token,
          tokenDigest: token.digest,
          checkoutToken: checkout.token,
          serviceId: audit.id,
          producer: 'consultant',
          status: 'ready',
          findings: [],
          summary: { counts: countBySeverity([]), page: null },
          createdAt: paidAt,
          readyAt: commitment.keptAt!,
        },
      });
      await tx.commitment.create({ data: commitment });
    }
  });
  return { inquiries: history.inquiries.length, bookings: history.bookings.length, reports: history.reports.length };
}
