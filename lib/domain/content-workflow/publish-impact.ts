import { db } from '@/lib/db/client';
import type { ConsultantItemData } from '../content/content-bundle';
import type { PublishedContent } from '../content/published-content';
import { contentSnapshot } from '../content/snapshot';
import { feedInsights, homeFeaturedInsights } from '../insights/insights';
import type { BookingConflict } from './calendar-conflicts';
import { calendarConflicts } from './calendar-conflicts';
import type { ContentTypeId } from './content-type';
import { contentType } from './content-types';
import { publishedContentWithDraftOf } from './preview-content';

/** What a buyer agrees to, on one side of a publish. */
export interface OfferSide {
  amount: number | null;
  currency: string | null;
  model: string | null;
  purchaseDigest: string;
}

export interface ServiceImpact {
  kind: 'service';
  /** Null when the service is not live now. */
  before: OfferSide | null;
  after: OfferSide | null;
  /** The next checkout with the old purchaseDigest gets 409 OFFER_CHANGED. */
  digestChanges: boolean;
  /** Checkouts open on the old offer: their buyers are on the payment page at the old price. */
  openCheckouts: number;
}

/** Where an insight is seen, before and after. Positions count from 1; null means absent. */
export interface InsightImpact {
  kind: 'insight';
  /** Featured on the home page, and which insights it would push off it. */
  homeFeatured: { before: boolean; after: boolean; displaced: { id: string; title: string }[] };
  feedPosition: { before: number | null; after: number | null };
  /** Published insights whose related lists will show it. */
  relatedFrom: { id: string; title: string }[];
}

export interface CalendarImpact {
  kind: 'calendar';
  conflicts: BookingConflict[];
}

export type PublishImpact = ServiceImpact | InsightImpact | CalendarImpact;

function offerSide(content: PublishedContent, serviceId: string): OfferSide | null {
  const service = content.servicesById.get(serviceId);
  return service
    ? {
        amount: service.pricing?.amount ?? null,
        currency: service.pricing?.currency ?? null,
        model: service.pricing?.model ?? null,
        purchaseDigest: service.purchaseDigest,
      }
    : null;
}

async function serviceImpact(serviceId: string, before: PublishedContent, after: PublishedContent, now: Date): Promise<ServiceImpact> {
  const old = offerSide(before, serviceId);
  const next = offerSide(after, serviceId);
  const openCheckouts = old
    ? await db.checkout.count({
        where: { serviceId, status: 'open', purchaseDigest: old.purchaseDigest, OR: [{ expiresAt: { gt: now } }, { awaitingPaymentSince: { not: null } }] },
      })
    : 0;
  return { kind: 'service', before: old, after: next, digestChanges: old?.purchaseDigest !== next?.purchaseDigest, openCheckouts };
}

function insightImpact(insightId: string, before: PublishedContent, after: PublishedContent): InsightImpact {
  const homeBefore = homeFeaturedInsights(before);
  const homeAfter = homeFeaturedInsights(after);
  const feedPosition = (content: PublishedContent) => {
    const index = feedInsights(content).findIndex((insight) => insight.id === insightId);
    return index === -1 ? null : index + 1;
  };
  return {
    kind: 'insight',
    homeFeatured: {
      before: homeBefore.some((insight) => insight.id === insightId),
      after: homeAfter.some((insight) => insight.id === insightId),
      displaced: homeBefore.filter((insight) => !homeAfter.some((kept) => kept.id === insight.id)).map(({ id, title }) => ({ id, title })),
    },
    feedPosition: { before: feedPosition(before), after: feedPosition(after) },
    relatedFrom: after.insights
      .filter((insight) => insight.summary.id !== insightId && insight.relatedInsights.includes(insightId))
      .map((insight) => ({ id: insight.summary.id, title: insight.summary.title })),
  };
}

/**
 * What publishing the draft would change for the people and programs that read the site: for a service, the offer
 * machine clients agreed to; for an insight, where it appears; for a calendar, the bookings it no longer covers.
 * Null when there is no draft, or nothing of this kind to tell.
 */
export async function publishImpact(type: ContentTypeId, itemId: string, now = new Date()): Promise<PublishImpact | null> {
  const draft = await db.contentDraft.findUnique({ where: { type_itemId: { type, itemId } }, select: { data: true } });
  if (!draft) return null;
  if (type === 'consultant') {
    const item = contentType(type).schema.parse(draft.data) as ConsultantItemData;
    return { kind: 'calendar', conflicts: await calendarConflicts(db, itemId, item, now) };
  }
  if (type !== 'service' && type !== 'insight') return null;
  const before = (await contentSnapshot()).content;
  const after = (await publishedContentWithDraftOf(type, itemId, now)).content;
  return type === 'service' ? serviceImpact(itemId, before, after, now) : insightImpact(itemId, before, after);
}
