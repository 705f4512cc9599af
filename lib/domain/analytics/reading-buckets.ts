/**
 * Read times are kept per day as counts in these buckets (seconds, upper bound included), from which a median over
 * any range is estimated without the raw reports (median-read-time.ts). Each is a column of AnalyticsDailyReading.
 */
export const READING_BUCKETS = [
  { column: 'upTo10s', upTo: 10 },
  { column: 'upTo20s', upTo: 20 },
  { column: 'upTo30s', upTo: 30 },
  { column: 'upTo45s', upTo: 45 },
  { column: 'upTo60s', upTo: 60 },
  { column: 'upTo90s', upTo: 90 },
  { column: 'upTo120s', upTo: 120 },
  { column: 'upTo180s', upTo: 180 },
  { column: 'upTo300s', upTo: 300 },
  { column: 'upTo600s', upTo: 600 },
  { column: 'upTo1200s', upTo: 1200 },
  { column: 'over1200s', upTo: Infinity },
] as const;

export type ReadingBucketColumn = (typeof READING_BUCKETS)[number]['column'];
export type ReadingHistogram = Record<ReadingBucketColumn, number>;

/**
 * The median of the reads counted in a histogram, in seconds: the bucket holding the middle read, interpolated
 * linearly inside it (the last bucket, which has no upper bound, gives its lower bound). Null without reads.
 */
export function medianReadSeconds(histogram: ReadingHistogram): number | null {
  const total = READING_BUCKETS.reduce((sum, bucket) => sum + histogram[bucket.column], 0);
  if (total === 0) return null;
  const middle = total / 2;
  let below = 0;
  let lower = 0;
  for (const bucket of READING_BUCKETS) {
    const count = histogram[bucket.column];
    if (count > 0 && below + count >= middle) {
      if (bucket.upTo === Infinity) return lower;
      return Math.round(lower + ((middle - below) / count) * (bucket.upTo - lower));
    }
    below += count;
    lower = bucket.upTo;
  }
  return lower;
}
