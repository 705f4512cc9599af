import type { Insight as InsightRow } from '@/lib/generated/prisma/client';
import { insightBodyFacts } from '../../insights/insight-body-facts';
import { stringArray } from '../../../core/json-columns';
import type { InsightItemData } from '../content-bundle';
import { mediaIdsInMarkdown } from '../../media/media-references';

/** The columns an insight item sets, with the body's reading time and digest (its status and dates are its life). */
export function insightRowData(item: InsightItemData) {
  return {
    title: item.title,
    summary: item.summary,
    content: item.content,
    ...insightBodyFacts(item.content),
    author: item.author,
    topics: item.topics,
    keywords: item.keywords,
    // An insight never relates to itself.
    relatedIds: item.related.filter((id) => id !== item.id),
    featured: item.featured,
    imageId: item.image?.mediaId ?? null,
    imageCaption: item.image?.caption ?? null,
    imageCredit: item.image?.credit ?? null,
    bodyMediaIds: mediaIdsInMarkdown(item.content),
  };
}

export function insightItemOf(row: InsightRow): InsightItemData {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    author: row.author ?? '',
    featured: row.featured,
    topics: stringArray(row.topics, 'Insight.topics'),
    keywords: stringArray(row.keywords, 'Insight.keywords'),
    related: stringArray(row.relatedIds, 'Insight.relatedIds'),
    image: row.imageId ? { mediaId: row.imageId, caption: row.imageCaption, credit: row.imageCredit } : null,
    content: row.content,
  };
}
