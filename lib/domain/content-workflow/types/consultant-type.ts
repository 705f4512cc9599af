import { ConsultantItem } from '../../content/content-bundle';
import type { ConsultantItemData } from '../../content/content-bundle';
import { consultantItemOf, consultantRowData } from '../../content/rows/consultant-rows';
import type { ContentType } from '../content-type';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * A consultant's calendar. Availability reads the consultant rows on every request, so a published change acts on
 * booking at once; it is outside the published content snapshot, so it has no preview.
 */
export const consultantType: ContentType<ConsultantItemData> = {
  type: 'consultant',
  segment: 'consultants',
  label: 'Consultant calendar',
  pluralLabel: 'Consultant calendars',
  noun: 'consultant calendar',
  area: 'calendars',
  schema: ConsultantItem,
  creatable: false,
  hideable: false,
  itemId: (item) => item.id,
  title: (item) => item.name,

  async readLive(tx, id) {
    const row = await tx.consultant.findUnique({ where: { id } });
    return row && { item: consultantItemOf(row), published: row.active, since: null };
  },

  async listLive(tx) {
    const rows = await tx.consultant.findMany({ orderBy: { name: 'asc' } });
    return rows.map((row) => {
      const item = consultantItemOf(row);
      const days = item.workingDays.map((day) => DAY_NAMES[day - 1]).join(', ');
      return { id: row.id, title: row.name, published: row.active, detail: `${days} · ${item.workingHours.start}–${item.workingHours.end}` };
    });
  },

  async writeLive(tx, id, item) {
    const data = consultantRowData(item);
    await tx.consultant.upsert({ where: { id }, create: { id, ...data }, update: data });
  },

  sitePath: () => null,
};
