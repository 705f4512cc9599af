import type { InsightDetailBody } from '@/lib/contract/insights';
import { getInsight } from '@/lib/domain/insights/insights';
import { orNotFound } from '@/lib/site/or-not-found';

/** The published insight, or the 404 page for drafts and unknown ids. */
export function loadInsight(id: string): Promise<InsightDetailBody> {
  return orNotFound(getInsight(id));
}
