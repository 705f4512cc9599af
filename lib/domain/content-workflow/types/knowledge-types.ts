import { PrincipleItem, ToolItem } from '../../content/content-bundle';
import type { PrincipleItemData, ToolItemData } from '../../content/content-bundle';
import { principleItemOf, principleRowData, toolItemOf, toolRowData } from '../../content/rows/knowledge-rows';
import type { ContentType } from '../content-type';
import { withRow } from './row-helpers';

// Principles and tools have no status: every one is on /principles and in /v1/knowledge/toc-principles.

export const principleType: ContentType<PrincipleItemData> = {
  type: 'principle',
  segment: 'principles',
  label: 'Principle',
  pluralLabel: 'Principles',
  noun: 'principle',
  area: 'content',
  schema: PrincipleItem,
  creatable: true,
  hideable: false,
  itemId: (item) => item.id,
  title: (item) => item.name,
  async readLive(tx, id) {
    const row = await tx.principle.findUnique({ where: { id } });
    return row && { item: principleItemOf(row), published: true, since: null };
  },
  async listLive(tx) {
    const rows = await tx.principle.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] });
    return rows.map((row) => ({ id: row.id, title: row.name, published: true }));
  },
  async writeLive(tx, id, item) {
    const data = principleRowData(item);
    await tx.principle.upsert({ where: { id }, create: { id, ...data }, update: data });
  },
  sitePath: () => '/principles',
  overlay(rows, item) {
    rows.principles = withRow(rows.principles, { id: item.id, ...principleRowData(item) });
    return {};
  },
};

export const toolType: ContentType<ToolItemData> = {
  type: 'tool',
  segment: 'tools',
  label: 'Tool',
  pluralLabel: 'Tools',
  noun: 'tool',
  area: 'content',
  schema: ToolItem,
  creatable: true,
  hideable: false,
  itemId: (item) => item.id,
  title: (item) => item.name,
  async readLive(tx, id) {
    const row = await tx.tool.findUnique({ where: { id } });
    return row && { item: toolItemOf(row), published: true, since: null };
  },
  async listLive(tx) {
    const rows = await tx.tool.findMany({ orderBy: [{ order: 'asc' }, { id: 'asc' }] });
    return rows.map((row) => ({ id: row.id, title: row.name, published: true }));
  },
  async writeLive(tx, id, item) {
    const data = toolRowData(item);
    await tx.tool.upsert({ where: { id }, create: { id, ...data }, update: data });
  },
  sitePath: () => '/principles',
  overlay(rows, item) {
    rows.tools = withRow(rows.tools, { id: item.id, ...toolRowData(item) });
    return {};
  },
};
