import type { InsightArticle } from '@/lib/domain/insights/insights';
import { getInsightArticle } from '@/lib/domain/insights/insights';
import { orNotFound } from '@/lib/site/or-not-found';

/** The published insight with its pictures, or the 404 page for drafts and unknown ids. */
export function loadInsight(id: string): Promise<InsightArticle> {
  return orNotFound(getInsightArticle(id));
}
