import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import type { BusinessCalendar } from '../scheduling/business-time';
import { businessMinutesBetween } from '../scheduling/business-time';
import { activeConsultants, firmCalendar } from '../scheduling/firm-calendar';

/** The replies Availability.averageResponseTime is computed from: those kept in this many days before now. */
export const RESPONSE_TIME_WINDOW_DAYS = 90;
/** Fewer kept replies than this say too little: the configured AVERAGE_RESPONSE_TIME is shown instead. */
export const RESPONSE_TIME_MIN_REPLIES = 10;

/**
 * Business hours in the words the API has always used: whole business hours ("1 business hour", "4 business hours")
 * below two business days, whole business days from there ("3 business days"). Never below one hour: a reply within
 * minutes is still "1 business hour" to a reader planning their day.
 */
export function describeBusinessHours(hours: number, hoursPerDay = 8): string {
  if (hours < 2 * hoursPerDay) {
    const whole = Math.max(1, Math.round(hours));
    return `${whole} business ${whole === 1 ? 'hour' : 'hours'}`;
  }
  const days = Math.round(hours / hoursPerDay);
  return `${days} business days`;
}

/** The mean of the replies' business hours, described; null when there are fewer than RESPONSE_TIME_MIN_REPLIES. */
export function averageOfReplies(replies: { createdAt: Date; keptAt: Date }[], calendar: BusinessCalendar): string | null {
  if (replies.length < RESPONSE_TIME_MIN_REPLIES) return null;
  const minutes = replies.reduce((sum, reply) => sum + businessMinutesBetween(reply.createdAt, reply.keptAt, calendar), 0);
  return describeBusinessHours(minutes / replies.length / 60, (calendar.closeMinute - calendar.openMinute) / 60);
}

/**
 * Availability.averageResponseTime, kept honest: the mean time, in business hours of the firm's calendar, from an
 * inquiry's arrival to the reply that kept its commitment, over the replies kept in the last 90 days (late ones too:
 * they are the truth). With fewer than RESPONSE_TIME_MIN_REPLIES of them, the configured AVERAGE_RESPONSE_TIME.
 */
export async function averageResponseTime(now: Date): Promise<string> {
  const since = new Date(now.getTime() - RESPONSE_TIME_WINDOW_DAYS * 86_400_000);
  const [replies, consultants] = await Promise.all([
    db.commitment.findMany({
      where: { kind: 'inquiry-reply', state: 'kept', keptAt: { gte: since, lte: now } },
      select: { createdAt: true, keptAt: true },
    }),
    activeConsultants(),
  ]);
  const kept = replies.flatMap((reply) => (reply.keptAt ? [{ createdAt: reply.createdAt, keptAt: reply.keptAt }] : []));
  return averageOfReplies(kept, firmCalendar(consultants)) ?? config().AVERAGE_RESPONSE_TIME;
}
