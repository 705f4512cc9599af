import { notFound } from '../../core/errors';
import type { AnyContentType, ContentTypeId } from './content-type';
import { CONTENT_TYPE_IDS } from '@/lib/core/content-type-ids';
import { companyType } from './types/company-type';
import { consultantType } from './types/consultant-type';
import { faqType } from './types/faq-type';
import { insightType } from './types/insight-type';
import { principleType, toolType } from './types/knowledge-types';
import { serviceType } from './types/service-type';
import { testimonialType } from './types/testimonial-type';

/** Every kind of content staff edit, in the order the staff pages list them. */
export const CONTENT_TYPES = {
  insight: insightType,
  service: serviceType,
  testimonial: testimonialType,
  faq: faqType,
  principle: principleType,
  tool: toolType,
  company: companyType,
  consultant: consultantType,
} satisfies Record<ContentTypeId, AnyContentType>;

export function isContentTypeId(value: unknown): value is ContentTypeId {
  return typeof value === 'string' && (CONTENT_TYPE_IDS as readonly string[]).includes(value);
}

export function contentType(type: ContentTypeId): AnyContentType {
  return CONTENT_TYPES[type];
}

/** The kind whose staff pages live under /staff/content/{segment}, or a 404. */
export function contentTypeBySegment(segment: string): AnyContentType {
  const found = Object.values(CONTENT_TYPES).find((definition) => definition.segment === segment);
  if (!found) throw notFound('Content type', segment);
  return found;
}

export function allContentTypes(): AnyContentType[] {
  return CONTENT_TYPE_IDS.map(contentType);
}
