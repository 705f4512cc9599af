import { notFound } from 'next/navigation';
import type { AnyContentType } from '@/lib/domain/content-workflow/content-type';
import { contentTypeBySegment } from '@/lib/domain/content-workflow/content-types';
import { DomainError } from '@/lib/core/errors';

/** The kind of content a /staff/content/{segment} page is about, or the 404 page. */
export function contentTypeOfPage(segment: string): AnyContentType {
  try {
    return contentTypeBySegment(segment);
  } catch (error) {
    if (error instanceof DomainError) notFound();
    throw error;
  }
}
