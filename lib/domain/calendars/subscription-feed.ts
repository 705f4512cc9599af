import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { bookingsFeedIcs } from '../../calendars/booking-event';
import { findBySecretToken, newSecretToken } from '../../core/secret-tokens';
import { notFound } from '../../core/errors';
import { bookingEventInput } from './booking-event-input';
import { recordAudit } from '../staff/audit';
import type { StaffActor } from '../staff/roles';

/*
 * A private subscription address per consultant, /calendars/{secret}.ics, for consultants whose own calendar is a
 * read-only feed (Google, Outlook): they subscribe to it and see their bookings there. The secret is 256 bits; only
 * its sha256 is stored, so the address is shown once, when it is made. Making a new one revokes the old one.
 */

/** Bookings that ended longer ago than this drop out of the feed. */
const FEED_PAST_DAYS = 30;

export function subscriptionPath(token: string): string {
  return `/calendars/${token}.ics`;
}

/** Makes (or replaces) the consultant's address; returns it, the only time it is ever shown. */
export async function createCalendarSubscription(actor: StaffActor, consultantId: string, now: Date): Promise<string> {
  if (!(await db.consultant.findUnique({ where: { id: consultantId }, select: { id: true } }))) throw notFound('Consultant', consultantId);
  const { token, digest } = newSecretToken();
  await db.$transaction(async (tx) => {
    const data = { secretDigest: digest, createdById: actor.id, createdAt: now };
    await tx.calendarSubscription.upsert({ where: { consultantId }, create: { consultantId, ...data }, update: data });
    await recordAudit(tx, actor, 'calendar.subscription.create', { type: 'consultant', id: consultantId });
  });
  return `${config().SITE_URL}${subscriptionPath(token)}`;
}

export async function revokeCalendarSubscription(actor: StaffActor, consultantId: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.calendarSubscription.deleteMany({ where: { consultantId } });
    if (count) await recordAudit(tx, actor, 'calendar.subscription.revoke', { type: 'consultant', id: consultantId });
  });
}

export async function calendarSubscriptionOf(consultantId: string): Promise<{ createdAt: Date } | null> {
  return db.calendarSubscription.findUnique({ where: { consultantId }, select: { createdAt: true } });
}

/** The feed of `token`'s consultant: their confirmed bookings from 30 days ago on; null for an unknown or revoked token. */
export async function subscriptionFeed(token: string, now: Date): Promise<string | null> {
  const subscription = await findBySecretToken(
    token,
    (secretDigest) => db.calendarSubscription.findUnique({ where: { secretDigest }, include: { consultant: true } }),
    (row) => row.secretDigest,
  );
  if (!subscription) return null;
  const { consultant } = subscription;
  const bookings = await db.booking.findMany({
    where: { consultantId: consultant.id, status: 'confirmed', scheduledEnd: { gte: new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000) } },
    orderBy: { scheduledStart: 'asc' },
    take: 2000,
  });
  return bookingsFeedIcs(
    `Consultations: ${consultant.name}`,
    '-//Throughline Partners//Consultant bookings//EN',
    bookings.map((booking) => bookingEventInput(booking, consultant, now)),
  );
}
