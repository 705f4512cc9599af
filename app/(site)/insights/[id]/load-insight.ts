import { notFound } from 'next/navigation';
import type { InsightDetailBody } from '@/lib/contract/insights';
import { DomainError } from '@/lib/domain/errors';
import { getInsight } from '@/lib/domain/insights';

/** The published insight, or the 404 page for drafts and unknown ids. */
export async function loadInsight(id: string): Promise<InsightDetailBody> {
  try {
    return await getInsight(id);
  } catch (error) {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') notFound();
    throw error;
  }
}
