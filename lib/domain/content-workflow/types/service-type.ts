import { ServiceItem } from '../../content/content-bundle';
import type { ServiceItemData } from '../../content/content-bundle';
import { serviceItemOf, serviceRowData } from '../../content/rows/service-rows';
import { formatMinorUnits } from './price-text';
import type { ContentType } from '../content-type';
import { withRow } from './row-helpers';
import { statusTableLife } from './status-table';
import { mediaReferenceIssues } from '../../media/media-reference-issues';

export const serviceType: ContentType<ServiceItemData> = {
  type: 'service',
  segment: 'services',
  label: 'Service',
  pluralLabel: 'Services',
  noun: 'service',
  area: 'content',
  schema: ServiceItem,
  // A service is sold through checkout and booking flows that need more than content; new ones come with a release.
  creatable: false,
  itemId: (item) => item.id,
  title: (item) => item.name,

  ...statusTableLife({ table: (tx) => tx.service, itemOf: serviceItemOf, rowData: serviceRowData, createdWith: (now) => ({ createdAt: now }) }),

  async listLive(tx) {
    const rows = await tx.service.findMany({ orderBy: [{ category: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }] });
    return rows.map((row) => ({ id: row.id, title: row.name, published: row.status === 'published', detail: formatMinorUnits(row.priceMinor, row.currency) }));
  },

  referenceIssues: (tx, item) => mediaReferenceIssues(tx, item.imageId ? [{ mediaId: item.imageId, path: ['imageId'] }] : []),

  sitePath: (item) => `/services/${item.id}`,

  overlay(rows, item, now) {
    const existing = rows.services.find((row) => row.id === item.id);
    const row = {
      createdAt: now,
      ...existing,
      id: item.id,
      ...serviceRowData(item),
      status: 'published',
      publishedAt: (existing?.status === 'published' ? existing.publishedAt : null) ?? now,
      updatedAt: now,
    };
    rows.services = withRow(rows.services, row);
    return {};
  },
};
