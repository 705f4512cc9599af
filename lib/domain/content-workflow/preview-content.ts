import { LRUCache } from 'lru-cache';
import { db } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';
import { computeBuildStamp } from '../content/build-stamp';
import type { ContentRows } from '../content/content-rows';
import { readContentRows } from '../content/content-rows';
import { buildPublishedContent } from '../content/load-published-content';
import type { PublishedContent } from '../content/published-content';
import type { ContentSnapshot } from '../content/snapshot';
import type { PreviewScope } from '../content/visibility';
import type { ContentTypeId } from './content-type';
import { contentType } from './content-types';
import { workingItem } from './drafts';

/** Puts an item into the rows as if published; returns its id and (insights) body. */
function overlayItem(rows: ContentRows, type: ContentTypeId, data: unknown, now: Date): { id: string; body?: string } | null {
  const definition = contentType(type);
  const parsed = definition.schema.safeParse(data);
  if (!definition.overlay || !parsed.success) return null;
  return { id: definition.itemId(parsed.data), ...definition.overlay(rows, parsed.data, now) };
}

export interface ContentWithItem {
  revision: number;
  content: PublishedContent;
  bodies: Map<string, string>;
}

/**
 * The published content with one item's draft in it as if it were live, and nothing else unpublished: what a
 * reviewer's preview link shows, and what publishing the draft would make of the site (publish impact).
 */
export async function publishedContentWithDraftOf(type: ContentTypeId, itemId: string, now: Date): Promise<ContentWithItem> {
  const rows = await readContentRows(db);
  const bodies = new Map<string, string>();
  const data = await workingItem(type, itemId);
  const overlaid = data === null ? null : overlayItem(rows, type, data, now);
  if (overlaid?.body !== undefined) bodies.set(overlaid.id, overlaid.body);
  return { revision: rows.revision, content: buildPublishedContent(rows, now).content, bodies };
}

/** Every draft over every row, published or not, all as if live: what signed-in staff preview. */
async function contentWithEveryDraft(now: Date): Promise<ContentWithItem> {
  const rows = await readContentRows(db, { allStatuses: true });
  const bodies = new Map<string, string>();
  for (const draft of await db.contentDraft.findMany({ orderBy: [{ type: 'asc' }, { itemId: 'asc' }] })) {
    const overlaid = overlayItem(rows, draft.type as ContentTypeId, draft.data, now);
    if (overlaid?.body !== undefined) bodies.set(overlaid.id, overlaid.body);
  }
  return { revision: rows.revision, content: buildPublishedContent(rows, now, { everythingLive: true }).content, bodies };
}

/**
 * Preview snapshots by key. Each holds a whole copy of the content (at 10,000 insights, tens of megabytes), and a key
 * names its minute, so one is of use for a minute or two: at most 8, each dropped two minutes after it was built.
 */
const previews = processSingleton('content-previews', () => new LRUCache<string, Promise<ContentSnapshot>>({ max: 8, ttl: 2 * 60_000, ttlAutopurge: true }));

/** What identifies a preview's inputs: the content revision, the drafts it shows, and the minute (schedules come due). */
async function previewKey(scope: PreviewScope, now: Date): Promise<string> {
  const revision = (await db.contentRevision.findUnique({ where: { id: 1 }, select: { revision: true } }))?.revision ?? 0;
  const drafts =
    scope.kind === 'all-drafts'
      ? await db.contentDraft.aggregate({ _count: { _all: true }, _max: { updatedAt: true }, _sum: { revision: true } })
      : await db.contentDraft.findUnique({ where: { type_itemId: { type: scope.type, itemId: scope.itemId } }, select: { revision: true, updatedAt: true } });
  return JSON.stringify([scope, revision, drafts, Math.floor(now.getTime() / 60_000)]);
}

/** A preview snapshot, built like the published one from the same rows, with drafts put in. */
export async function previewSnapshot(scope: PreviewScope, now = new Date()): Promise<ContentSnapshot> {
  const key = await previewKey(scope, now);
  let snapshot = previews.get(key);
  if (!snapshot) {
    const building = scope.kind === 'all-drafts' ? contentWithEveryDraft(now) : publishedContentWithDraftOf(scope.type, scope.itemId, now);
    snapshot = building.then(({ revision, content, bodies }) => ({
      revision,
      content,
      buildStamp: computeBuildStamp(content),
      asOf: now,
      includesDrafts: scope.kind === 'all-drafts',
      draftBodies: bodies,
    }));
    previews.set(key, snapshot);
    snapshot.catch(() => previews.delete(key));
  }
  return snapshot;
}
