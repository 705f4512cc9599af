import { Prisma } from '@/lib/generated/prisma/client';
import type { AnalyticsDay } from './analytics-day';
import { READING_BUCKETS } from './reading-buckets';

type Tx = Prisma.TransactionClient;

/*
 * The statements that rebuild one day's aggregates from its raw rows. Standard SQL that SQLite (3.25+, window
 * functions) and PostgreSQL both run as written: quoted identifiers, CASE for booleans, CAST for the day parameter.
 * The rest of analytics goes through Prisma; these are raw because Prisma has no INSERT … SELECT.
 */

/** The separator of a campaign key (source, medium, campaign); campaign texts never contain control characters. */
export const CAMPAIGN_SEPARATOR = '\u001f';

const anyCampaign = Prisma.sql`("utmSource" IS NOT NULL OR "utmMedium" IS NOT NULL OR "utmCampaign" IS NOT NULL)`;
// Literals only: PostgreSQL matches a grouped expression with its select-list twin only when neither holds parameters.
const separator = Prisma.raw(`'${CAMPAIGN_SEPARATOR}'`);
const campaignKey = Prisma.sql`COALESCE("utmSource", '') || ${separator} || COALESCE("utmMedium", '') || ${separator} || COALESCE("utmCampaign", '')`;

/** Page views, visitors and visits by dimension. A visit begins as attribution.ts says (beginsVisit). */
export async function rebuildTraffic(tx: Tx, day: AnalyticsDay): Promise<void> {
  const d = Prisma.sql`CAST(${day} AS TEXT)`;
  await tx.$executeRaw`DELETE FROM "AnalyticsDailyTraffic" WHERE "day" = ${day}`;
  await tx.$executeRaw`
    WITH v AS (
      SELECT "visitor", "path", "insightId", "referrerHost", "utmSource", "utmMedium", "utmCampaign", "country", "device", "views",
        CASE WHEN "referrerHost" IS NOT NULL OR ${anyCampaign} OR ROW_NUMBER() OVER (PARTITION BY "visitor" ORDER BY "at", "id") = 1 THEN 1 ELSE 0 END AS "entry"
      FROM "AnalyticsPageView" WHERE "day" = ${day}
    )
    INSERT INTO "AnalyticsDailyTraffic" ("day", "dimension", "key", "pageViews", "visitors", "visits")
    SELECT ${d}, 'total', '', SUM("views"), COUNT(DISTINCT "visitor"), SUM("entry") FROM v HAVING COUNT(*) > 0
    UNION ALL
    SELECT ${d}, 'page', "path", SUM("views"), COUNT(DISTINCT "visitor"), SUM("entry") FROM v GROUP BY "path"
    UNION ALL
    SELECT ${d}, 'insight', "insightId", SUM("views"), COUNT(DISTINCT "visitor"), SUM("entry") FROM v WHERE "insightId" IS NOT NULL GROUP BY "insightId"
    UNION ALL
    SELECT ${d}, 'referrer', COALESCE("referrerHost", '(direct)'), SUM("views"), COUNT(DISTINCT "visitor"), COUNT(*) FROM v WHERE "entry" = 1 GROUP BY 3
    UNION ALL
    SELECT ${d}, 'campaign', ${campaignKey}, SUM("views"), COUNT(DISTINCT "visitor"), COUNT(*) FROM v WHERE "entry" = 1 AND ${anyCampaign} GROUP BY 3
    UNION ALL
    SELECT ${d}, 'device', "device", SUM("views"), COUNT(DISTINCT "visitor"), SUM("entry") FROM v GROUP BY "device"
    UNION ALL
    SELECT ${d}, 'country', "country", SUM("views"), COUNT(DISTINCT "visitor"), SUM("entry") FROM v WHERE "country" IS NOT NULL GROUP BY "country"`;
}

/** Reads, seconds, scroll depth and the read-time histogram per page. */
export async function rebuildReading(tx: Tx, day: AnalyticsDay): Promise<void> {
  let lower = 0;
  const buckets = READING_BUCKETS.map(({ column, upTo }) => {
    const condition = upTo === Infinity ? Prisma.sql`"seconds" > ${lower}` : Prisma.sql`"seconds" > ${lower} AND "seconds" <= ${upTo}`;
    lower = upTo;
    return { column, sum: Prisma.sql`SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)` };
  });
  // A report at 0 seconds falls in the first bucket.
  buckets[0] = { column: buckets[0]!.column, sum: Prisma.sql`SUM(CASE WHEN "seconds" <= ${READING_BUCKETS[0].upTo} THEN 1 ELSE 0 END)` };
  const columns = Prisma.join(buckets.map(({ column }) => Prisma.raw(`"${column}"`)));
  const sums = Prisma.join(buckets.map(({ sum }) => sum));
  await tx.$executeRaw`DELETE FROM "AnalyticsDailyReading" WHERE "day" = ${day}`;
  await tx.$executeRaw`
    INSERT INTO "AnalyticsDailyReading" ("day", "path", "insightId", "reads", "seconds", "scrollReports", "scrollSum", ${columns})
    SELECT CAST(${day} AS TEXT), "path", MAX("insightId"), COUNT(*), SUM("seconds"), COUNT("scrollPercent"), COALESCE(SUM("scrollPercent"), 0), ${sums}
    FROM "AnalyticsEngagement" WHERE "day" = ${day} GROUP BY "path"`;
}

/** Conversions and their amounts by kind and dimension; the attributed ones also by landing page, insight, referrer, campaign. */
export async function rebuildConversions(tx: Tx, day: AnalyticsDay): Promise<void> {
  const d = Prisma.sql`CAST(${day} AS TEXT)`;
  const counted = Prisma.sql`COUNT(*), COALESCE(SUM("amountMinor"), 0)`;
  await tx.$executeRaw`DELETE FROM "AnalyticsDailyConversion" WHERE "day" = ${day}`;
  await tx.$executeRaw`
    WITH c AS (SELECT * FROM "AnalyticsConversion" WHERE "day" = ${day})
    INSERT INTO "AnalyticsDailyConversion" ("day", "kind", "dimension", "key", "conversions", "amountMinor")
    SELECT ${d}, "kind", 'total', '', ${counted} FROM c GROUP BY "kind"
    UNION ALL
    SELECT ${d}, "kind", 'service', "serviceId", ${counted} FROM c WHERE "serviceId" IS NOT NULL GROUP BY "kind", "serviceId"
    UNION ALL
    SELECT ${d}, "kind", 'currency', "currency", ${counted} FROM c WHERE "currency" IS NOT NULL GROUP BY "kind", "currency"
    UNION ALL
    SELECT ${d}, "kind", 'landing', COALESCE("landingPath", '(none)'), ${counted} FROM c WHERE "attributed" = ${true} GROUP BY 2, 4
    UNION ALL
    SELECT ${d}, "kind", 'insight', "lastInsightId", ${counted} FROM c WHERE "attributed" = ${true} AND "lastInsightId" IS NOT NULL GROUP BY "kind", "lastInsightId"
    UNION ALL
    SELECT ${d}, "kind", 'referrer', COALESCE("referrerHost", '(direct)'), ${counted} FROM c WHERE "attributed" = ${true} GROUP BY 2, 4
    UNION ALL
    SELECT ${d}, "kind", 'campaign', ${campaignKey}, ${counted} FROM c WHERE "attributed" = ${true} AND ${anyCampaign} GROUP BY 2, 4`;
}

/** What a day's raw rows look like: when it changes, the day's aggregates are rebuilt. */
export async function rawFingerprint(tx: Tx, day: AnalyticsDay): Promise<string> {
  const [views, readings, conversions] = await Promise.all([
    tx.analyticsPageView.aggregate({ where: { day }, _count: { _all: true }, _max: { id: true } }),
    tx.analyticsEngagement.aggregate({ where: { day }, _count: { _all: true }, _max: { id: true } }),
    tx.analyticsConversion.aggregate({ where: { day }, _count: { _all: true }, _max: { id: true } }),
  ]);
  const attributed = await tx.analyticsConversion.count({ where: { day, attributed: true } });
  return [views, readings, conversions].map((part) => `${part._count._all}:${part._max.id ?? 0}`).join('/') + `/${attributed}`;
}

export const EMPTY_FINGERPRINT = '0:0/0:0/0:0/0';
