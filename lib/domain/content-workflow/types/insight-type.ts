import { InsightItem, badRelatedInsightMessage } from '../../content/content-bundle';
import type { InsightItemData } from '../../content/content-bundle';
import { insightItemOf, insightRowData } from '../../content/rows/insight-rows';
import { insightSearchEngine } from '../../search/insight-search-engine';
import type { ContentType } from '../content-type';
import { withRow } from './row-helpers';
import { statusTableLife } from './status-table';
import { mediaIdsInMarkdown } from '../../media/media-references';
import { mediaReferenceIssues } from '../../media/media-reference-issues';

const insightLife = statusTableLife({ table: (tx) => tx.insight, itemOf: insightItemOf, rowData: insightRowData });

export const insightType: ContentType<InsightItemData> = {
  type: 'insight',
  segment: 'insights',
  label: 'Insight',
  pluralLabel: 'Insights',
  noun: 'insight',
  area: 'content',
  schema: InsightItem,
  creatable: true,
  itemId: (item) => item.id,
  title: (item) => item.title,

  ...insightLife,

  async listLive(tx) {
    const rows = await tx.insight.findMany({
      select: { id: true, title: true, status: true, author: true },
      orderBy: [{ publishedAt: 'desc' }, { id: 'asc' }],
    });
    return rows.map((row) => ({ id: row.id, title: row.title, published: row.status === 'published', detail: row.author ?? undefined }));
  },

  // The search index is written in the same transaction as the row it describes.
  async writeLive(tx, id, item, now) {
    await insightLife.writeLive(tx, id, item, now);
    await insightSearchEngine.reindex(tx, [id]);
  },

  async hide(tx, id) {
    await insightLife.hide(tx, id);
    await insightSearchEngine.reindex(tx, [id]);
  },

  async referenceIssues(tx, item) {
    const known = new Set((await tx.insight.findMany({ where: { id: { in: item.related } }, select: { id: true } })).map((row) => row.id));
    const bad = item.related.filter((id) => id === item.id || !known.has(id));
    const related =
      bad.length === 0 ? [] : [{ code: 'custom' as const, path: ['related'], message: badRelatedInsightMessage(bad.join(', ')), input: item.related }];
    const images = await mediaReferenceIssues(tx, [
      ...(item.image ? [{ mediaId: item.image.mediaId, path: ['image', 'mediaId'] }] : []),
      ...mediaIdsInMarkdown(item.content).map((mediaId) => ({ mediaId, path: ['content'] })),
    ]);
    return [...related, ...images];
  },

  sitePath: (item) => `/insights/${item.id}`,

  overlay(rows, item, now) {
    const existing = rows.insights.find((row) => row.id === item.id);
    const { content, ...columns } = insightRowData(item);
    const row = {
      createdAt: now,
      ...existing,
      id: item.id,
      ...columns,
      status: 'published',
      publishedAt: (existing?.status === 'published' ? existing.publishedAt : null) ?? now,
      updatedAt: now,
    };
    rows.insights = withRow(rows.insights, row);
    return { body: content };
  },
};
