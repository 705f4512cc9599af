import { createHash } from 'node:crypto';
import { db } from '@/lib/db/client';
import { analyticsCalendar, analyticsEnabled, analyticsSalts, siteHost } from './analytics-services';
import { clientKindOf } from './counting-rules';
import { currentVisitSource } from './visit-context';
import { visitorHash } from './visitor-hash';

/** What marketing counts as a step towards business, in funnel order. */
export const CONVERSION_KINDS = ['inquiry_submitted', 'booking_requested', 'checkout_started', 'checkout_completed', 'report_delivered'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];

/** Made by a visitor in a request: joined to that visitor's page views by the day's hash. */
type VisitorConversion = 'inquiry_submitted' | 'booking_requested' | 'checkout_started';
/** Later steps of a checkout, without the visitor (a payment notice, a job): they inherit the checkout start's visit. */
type CheckoutStep = 'checkout_completed' | 'report_delivered';

export interface ConversionDetails {
  serviceId?: string | null;
  amountMinor?: number | null;
  currency?: string | null;
}

/**
 * What ties a checkout's later steps to its start in the analytics tables: a hash of its token under a label of its
 * own, so the analytics rows hold neither the token nor the digest the checkout is looked up by.
 */
export function checkoutSubject(checkoutToken: string): string {
  return createHash('sha256').update(`analytics-checkout\n${checkoutToken}`).digest('hex').slice(0, 32);
}

/** A unique-key clash: the step was counted already (a repeated notice). */
const isDuplicate = (error: unknown) => (error as { code?: string })?.code === 'P2002';

/** Analytics never fail a use case: a count that cannot be stored is reported and lost. */
async function quietly(kind: ConversionKind, write: () => Promise<unknown>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isDuplicate(error)) console.error(`analytics: the conversion ${kind} could not be counted`, error);
  }
}

/**
 * Counts a conversion by the visitor of the current request (visit-context.ts): nothing when there is none, when it
 * may not be counted (Sec-GPC, DNT, staff, preview) or when it is a bot. A checkout passes its token, so its later
 * steps (countCheckoutStep) can find the visit.
 */
export async function countVisitorConversion(
  kind: VisitorConversion,
  details: ConversionDetails & { checkoutToken?: string } = {},
  now = new Date(),
): Promise<void> {
  const source = currentVisitSource();
  if (!analyticsEnabled() || !source || source.excluded || clientKindOf(source.userAgent).bot) return;
  await quietly(kind, async () => {
    const day = analyticsCalendar().dayOf(now);
    const salt = await analyticsSalts().saltOf(day, now);
    if (salt === null) return; // cannot happen for today, whose salt is made when missing
    await db.analyticsConversion.create({
      data: {
        day,
        at: now,
        kind,
        visitor: visitorHash(salt, source.address, source.userAgent ?? '', siteHost()),
        visitDay: day,
        subject: details.checkoutToken ? checkoutSubject(details.checkoutToken) : null,
        serviceId: details.serviceId ?? null,
        amountMinor: details.amountMinor ?? null,
        currency: details.currency ?? null,
      },
    });
  });
}

/**
 * Counts a later step of a checkout whose start was counted, once, attributed like the start; a checkout whose start
 * was not counted (Sec-GPC, DNT, staff, the API without a browser) is not counted later either.
 */
export async function countCheckoutStep(kind: CheckoutStep, checkoutToken: string, details: ConversionDetails = {}, now = new Date()): Promise<void> {
  if (!analyticsEnabled()) return;
  await quietly(kind, async () => {
    const subject = checkoutSubject(checkoutToken);
    const start = await db.analyticsConversion.findUnique({ where: { subject_kind: { subject, kind: 'checkout_started' } } });
    if (!start) return;
    await db.analyticsConversion.create({
      data: {
        day: analyticsCalendar().dayOf(now),
        at: now,
        kind,
        visitor: start.visitor,
        visitDay: start.visitDay,
        subject,
        serviceId: details.serviceId ?? start.serviceId,
        amountMinor: details.amountMinor ?? null,
        currency: details.currency ?? null,
        attributed: start.attributed,
        landingPath: start.landingPath,
        lastInsightId: start.lastInsightId,
        referrerHost: start.referrerHost,
        utmSource: start.utmSource,
        utmMedium: start.utmMedium,
        utmCampaign: start.utmCampaign,
      },
    });
  });
}
