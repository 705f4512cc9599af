import { db } from '@/lib/db/client';
import type { Prisma } from '@/lib/generated/prisma/client';
import { notFound } from '../../core/errors';
import type { AnyContentType, ContentTypeId, Tx } from './content-type';
import { contentType } from './content-types';

/** Who the first version of content that was live before any staff edit is by. */
export const CONTENT_IMPORT = 'content import';

export type VersionSource = 'import' | 'staff' | 'schedule';

/** Who published a version: a person, a person's schedule, or the content import. */
export interface VersionAuthor {
  source: VersionSource;
  staffId: string | null;
  name: string;
  /** The schedule publishing it, if one is. */
  scheduleId?: string;
}

export interface ContentVersionView {
  number: number;
  source: VersionSource;
  publishedByName: string;
  note: string | null;
  publishedAt: Date;
  data: unknown;
}

const toView = (row: {
  number: number;
  source: string;
  publishedByName: string;
  note: string | null;
  publishedAt: Date;
  data: unknown;
}): ContentVersionView => ({
  number: row.number,
  source: row.source as VersionSource,
  publishedByName: row.publishedByName,
  note: row.note,
  publishedAt: row.publishedAt,
  data: row.data,
});

/**
 * Content live before its first staff edit (loaded from prisma/content) becomes version 1, by "content import",
 * the first time anyone touches the item, so history always starts with what visitors saw.
 */
export async function ensureBaselineVersion(tx: Tx, definition: AnyContentType, itemId: string, now: Date): Promise<void> {
  if ((await tx.contentVersion.count({ where: { type: definition.type, itemId } })) > 0) return;
  const live = await definition.readLive(tx, itemId);
  if (!live) return;
  await tx.contentVersion.create({
    data: {
      type: definition.type,
      itemId,
      number: 1,
      data: live.item as Prisma.InputJsonValue,
      source: 'import',
      publishedByName: CONTENT_IMPORT,
      publishedAt: live.since ?? now,
    },
  });
}

const latestVersion = (tx: Tx, type: ContentTypeId, itemId: string) =>
  tx.contentVersion.findFirst({ where: { type, itemId }, orderBy: { number: 'desc' }, select: { number: true } });

/**
 * The number of the version that is live (or was last, for an item taken offline): the newest one, 1 for content
 * nobody has edited yet (its import is version 1, see listVersions), 0 for an item never published. It only grows, so
 * an editor that sends back the number it was opened on tells whether someone published since.
 */
export async function currentVersionNumber(tx: Tx, type: ContentTypeId, itemId: string, isLive: boolean): Promise<number> {
  return (await latestVersion(tx, type, itemId))?.number ?? (isLive ? 1 : 0);
}

/** Adds the next version of an item; the unique (type, item, number) key refuses a second publish racing this one. */
export async function appendVersion(
  tx: Tx,
  type: ContentTypeId,
  itemId: string,
  item: unknown,
  author: VersionAuthor,
  note: string | null,
  now: Date,
): Promise<number> {
  const number = ((await latestVersion(tx, type, itemId))?.number ?? 0) + 1;
  await tx.contentVersion.create({
    data: {
      type,
      itemId,
      number,
      data: item as Prisma.InputJsonValue,
      source: author.source,
      publishedById: author.staffId,
      publishedByName: author.name,
      note,
      publishedAt: now,
      scheduleId: author.scheduleId ?? null,
    },
  });
  return number;
}

/** Newest first. An item nobody edited yet shows its live content as version 1, by the content import. */
export async function listVersions(type: ContentTypeId, itemId: string): Promise<ContentVersionView[]> {
  const rows = await db.contentVersion.findMany({ where: { type, itemId }, orderBy: { number: 'desc' } });
  if (rows.length > 0) return rows.map(toView);
  const live = await contentType(type).readLive(db, itemId);
  return live ? [{ number: 1, source: 'import', publishedByName: CONTENT_IMPORT, note: null, publishedAt: live.since ?? new Date(0), data: live.item }] : [];
}

export async function getVersion(type: ContentTypeId, itemId: string, number: number): Promise<ContentVersionView> {
  const found = (await listVersions(type, itemId)).find((version) => version.number === number);
  if (!found) throw notFound('Version', `${type}/${itemId}/${number}`);
  return found;
}
