import { PrincipleItem, ToolItem } from '../../content/content-bundle';
import type { PrincipleItemData, ToolItemData } from '../../content/content-bundle';
import type { ContentRows } from '../../content/content-rows';
import { principleItemOf, principleRowData, toolItemOf, toolRowData } from '../../content/rows/knowledge-rows';
import type { ContentType, Tx } from '../content-type';
import { withRow } from './row-helpers';

/** The calls the workflow makes on the principle or tool table (Prisma's delegate for it fits). */
interface KnowledgeTable<Row, Data> {
  findUnique(args: { where: { id: string } }): PromiseLike<Row | null>;
  findMany(args: { orderBy: [{ order: 'asc' }, { id: 'asc' }] }): PromiseLike<Row[]>;
  upsert(args: { where: { id: string }; create: Data & { id: string }; update: Data }): PromiseLike<unknown>;
}

/**
 * Principles and tools have no status: every one is on /principles and in /v1/knowledge/toc-principles, in its order.
 * They differ only in their table and columns.
 */
function knowledgeType<Item extends { id: string; name: string }, Row extends { id: string; name: string }, Data extends object>({
  table,
  itemOf,
  rowData,
  overlayRow,
  ...naming
}: Pick<ContentType<Item>, 'type' | 'segment' | 'label' | 'pluralLabel' | 'noun' | 'schema'> & {
  table: (tx: Tx) => KnowledgeTable<Row, Data>;
  itemOf: (row: Row) => Item;
  rowData: (item: Item) => Data;
  /** Puts the row into its list of the content rows. */
  overlayRow: (rows: ContentRows, row: Data & { id: string }) => void;
}): ContentType<Item> {
  return {
    ...naming,
    area: 'content',
    creatable: true,
    hideable: false,
    itemId: (item) => item.id,
    title: (item) => item.name,
    async readLive(tx, id) {
      const row = await table(tx).findUnique({ where: { id } });
      return row && { item: itemOf(row), published: true, since: null };
    },
    async listLive(tx) {
      const rows = await table(tx).findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] });
      return rows.map((row) => ({ id: row.id, title: row.name, published: true }));
    },
    async writeLive(tx, id, item) {
      const data = rowData(item);
      await table(tx).upsert({ where: { id }, create: { id, ...data }, update: data });
    },
    sitePath: () => '/principles',
    overlay(rows, item) {
      overlayRow(rows, { id: item.id, ...rowData(item) });
      return {};
    },
  };
}

export const principleType: ContentType<PrincipleItemData> = knowledgeType({
  type: 'principle',
  segment: 'principles',
  label: 'Principle',
  pluralLabel: 'Principles',
  noun: 'principle',
  schema: PrincipleItem,
  table: (tx) => tx.principle,
  itemOf: principleItemOf,
  rowData: principleRowData,
  overlayRow(rows, row) {
    rows.principles = withRow(rows.principles, row);
  },
});

export const toolType: ContentType<ToolItemData> = knowledgeType({
  type: 'tool',
  segment: 'tools',
  label: 'Tool',
  pluralLabel: 'Tools',
  noun: 'tool',
  schema: ToolItem,
  table: (tx) => tx.tool,
  itemOf: toolItemOf,
  rowData: toolRowData,
  overlayRow(rows, row) {
    rows.tools = withRow(rows.tools, row);
  },
});
