import { db } from '@/lib/db/client';

/** The visit a conversion is credited to: where it began and from where, and the last insight read before it. */
export interface Attribution {
  landingPath: string | null;
  lastInsightId: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

interface ViewOfVisit {
  path: string;
  insightId: string | null;
  referrerHost: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * A visit begins with a visitor's first page of the day, and again with any page reached from another site or from
 * a campaign link (rollup-sql.ts counts visits by the same rule).
 */
export const beginsVisit = (view: ViewOfVisit, index: number): boolean =>
  index === 0 || view.referrerHost !== null || view.utmSource !== null || view.utmMedium !== null || view.utmCampaign !== null;

/**
 * The attribution of a conversion from the visitor's page views of that day up to it, in order: the last visit begun
 * before it gives the landing page, the referrer and the campaign; the last insight page viewed is the insight read.
 * A visitor without page views (an API client, a page served from a cache that the browser did not report) gets none.
 */
export function attributionOf(views: readonly ViewOfVisit[]): Attribution {
  let entry: ViewOfVisit | undefined;
  let lastInsightId: string | null = null;
  views.forEach((view, index) => {
    if (beginsVisit(view, index)) entry = view;
    if (view.insightId) lastInsightId = view.insightId;
  });
  return {
    landingPath: entry?.path ?? null,
    lastInsightId,
    referrerHost: entry?.referrerHost ?? null,
    utmSource: entry?.utmSource ?? null,
    utmMedium: entry?.utmMedium ?? null,
    utmCampaign: entry?.utmCampaign ?? null,
  };
}

const BATCH = 500;

/** The `visitor` of an attributed conversion: the hash is cleared once it has joined the conversion to its visit. */
export const FORGOTTEN_VISITOR = '';

/**
 * Attributes the conversions made at least `settleMs` before `now`, once the page views of their visit have been
 * stored by every instance (each writes its own within ANALYTICS_FLUSH_MS). A checkout's later steps take the
 * attribution of its start once the start has one. Returns how many were attributed.
 */
export async function attributeConversions(now: Date, settleMs: number): Promise<number> {
  const pending = await db.analyticsConversion.findMany({
    where: { attributed: false, at: { lte: new Date(now.getTime() - settleMs) } },
    orderBy: { id: 'asc' },
    take: BATCH,
  });
  let done = 0;
  for (const conversion of pending) {
    let attribution: Attribution | null;
    if (conversion.kind === 'checkout_completed' || conversion.kind === 'report_delivered') {
      const start = conversion.subject
        ? await db.analyticsConversion.findUnique({ where: { subject_kind: { subject: conversion.subject, kind: 'checkout_started' } } })
        : null;
      attribution = start?.attributed ? start : null;
    } else {
      const views = await db.analyticsPageView.findMany({
        where: { day: conversion.visitDay, visitor: conversion.visitor, at: { lte: conversion.at } },
        orderBy: [{ at: 'asc' }, { id: 'asc' }],
        select: { path: true, insightId: true, referrerHost: true, utmSource: true, utmMedium: true, utmCampaign: true },
      });
      attribution = attributionOf(views);
    }
    if (!attribution) continue;
    const { landingPath, lastInsightId, referrerHost, utmSource, utmMedium, utmCampaign } = attribution;
    // The visitor hash has served its one purpose, the join above: kept, it would tie a checkout (whose subject anyone
    // with the checkout's token can compute) to the pages its buyer read that day. A checkout's later steps join by subject.
    await db.analyticsConversion.update({
      where: { id: conversion.id },
      data: { attributed: true, visitor: FORGOTTEN_VISITOR, landingPath, lastInsightId, referrerHost, utmSource, utmMedium, utmCampaign },
    });
    done += 1;
  }
  return done;
}
