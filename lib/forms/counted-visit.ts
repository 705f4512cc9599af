import { headers } from 'next/headers';
import { withVisitSource } from '@/lib/domain/analytics/visit-context';
import { visitSourceOf } from '@/lib/http/visit-source';

/** Runs a form's use case as this visitor's, so a conversion it records joins their page views (docs/analytics.md). */
export async function asThisVisit<T>(work: () => Promise<T>): Promise<T> {
  return withVisitSource(visitSourceOf(await headers()), work);
}
