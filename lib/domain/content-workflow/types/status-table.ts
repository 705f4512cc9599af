import type { ContentType, Tx } from '../content-type';
import { publishedAtOnPublish } from './row-helpers';

/** A row that is live once published, with the date it first went live. */
interface StatusRow {
  id: string;
  status: string;
  publishedAt: Date | null;
}

/** The calls the workflow makes on a content table with a status column (Prisma's delegate for it fits). */
export interface StatusTable<Row extends StatusRow, Data> {
  findUnique(args: { where: { id: string } }): PromiseLike<Row | null>;
  upsert(args: { where: { id: string }; create: Data & { id: string }; update: Data }): PromiseLike<unknown>;
  update(args: { where: { id: string }; data: { status: string } }): PromiseLike<unknown>;
}

/**
 * How an item of a table with a status column is read, made live and taken offline: published means visitors see it,
 * hiding sets it back to draft (so such a kind is hideable), and it keeps the date it first went live (see
 * publishedAtOnPublish).
 */
export function statusTableLife<Item, Row extends StatusRow, Data extends object>({
  table,
  itemOf,
  rowData,
  createdWith,
}: {
  table: (tx: Tx) => StatusTable<Row, Data & { status: string; publishedAt: Date | null }>;
  itemOf: (row: Row) => Item;
  rowData: (item: Item) => Data;
  /** Columns only a new row gets (e.g. its creation time). */
  createdWith?: (now: Date) => object;
}): Pick<ContentType<Item>, 'hideable' | 'readLive' | 'writeLive'> & { hide(tx: Tx, id: string): Promise<void> } {
  return {
    hideable: true,
    async readLive(tx, id) {
      const row = await table(tx).findUnique({ where: { id } });
      return row && { item: itemOf(row), published: row.status === 'published', since: row.publishedAt };
    },
    async writeLive(tx, id, item, now) {
      const existing = await table(tx).findUnique({ where: { id } });
      const data = { ...rowData(item), status: 'published', publishedAt: publishedAtOnPublish(existing, now) };
      await table(tx).upsert({ where: { id }, create: { id, ...createdWith?.(now), ...data }, update: data });
    },
    async hide(tx, id) {
      await table(tx).update({ where: { id }, data: { status: 'draft' } });
    },
  };
}
