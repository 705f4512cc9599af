import { db } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';
import { config } from '@/lib/config';
import { canonicalSha256 } from '../hashing';
import { loadPublishedContent } from './load-published-content';
import { wantsDrafts } from './visibility';
import type { PublishedContent } from './published-content';

export interface ContentSnapshot {
  revision: number;
  /** Short hash of the published content and the release: same content, same stamp, on every instance. */
  buildStamp: string;
  content: PublishedContent;
  /** The instant the content was read for: what was published by then is in it (search filters by it too). */
  asOf: Date;
  /** A staff preview: drafts and items scheduled for later are in it as if they were live. */
  includesDrafts: boolean;
}

interface CacheState {
  snapshot: ContentSnapshot;
  checkedAt: number;
  nextScheduledAt: number;
}

interface SnapshotCache {
  state?: CacheState;
  refreshing?: Promise<ContentSnapshot>;
  preview?: { revision: number; snapshot: Promise<ContentSnapshot> };
}

// Shared by every bundle in the process, so a publish in a server action is seen at once by the API.
const cache = processSingleton<SnapshotCache>('content-snapshot', () => ({}));

function computeBuildStamp(content: PublishedContent): string {
  const { servicesById: _s, insightsById: _i, testimonialsByService: _t, faqsByService: _f, ...hashable } = content;
  return canonicalSha256({ release: config().APP_RELEASE, content: hashable }).slice(0, 12);
}

async function readRevision(): Promise<number> {
  const row = await db.contentRevision.findUnique({ where: { id: 1 }, select: { revision: true } });
  return row?.revision ?? 0;
}

async function refresh(): Promise<ContentSnapshot> {
  const now = Date.now();
  const { state } = cache;
  if (state && now < state.nextScheduledAt && (await readRevision()) === state.snapshot.revision) {
    state.checkedAt = now;
    return state.snapshot;
  }
  const asOf = new Date(now);
  const loaded = await loadPublishedContent(db, asOf);
  const snapshot = { revision: loaded.revision, content: loaded.content, buildStamp: computeBuildStamp(loaded.content), asOf, includesDrafts: false };
  cache.state = { snapshot, checkedAt: now, nextScheduledAt: loaded.nextScheduledAt };
  return snapshot;
}

/**
 * The published content, held in memory. Each instance re-reads one small row (the content revision)
 * at most every CONTENT_REVALIDATE_MS and reloads only when it changed, so requests almost never
 * touch the database while publishing on any instance shows up everywhere within that interval.
 */
export async function contentSnapshot(): Promise<ContentSnapshot> {
  const now = Date.now();
  const { state } = cache;
  if (state && now - state.checkedAt < config().CONTENT_REVALIDATE_MS && now < state.nextScheduledAt) {
    return state.snapshot;
  }
  cache.refreshing ??= refresh().finally(() => {
    cache.refreshing = undefined;
  });
  return cache.refreshing;
}

/** Called after this process writes content, so its own next read sees the change at once. */
export function invalidateContentSnapshot(): void {
  if (cache.state) cache.state.checkedAt = Number.NEGATIVE_INFINITY;
  cache.preview = undefined;
}

/** Drafts included, for staff previews: rebuilt whenever the content revision moves. */
async function previewSnapshot(): Promise<ContentSnapshot> {
  const revision = await readRevision();
  if (cache.preview?.revision !== revision) {
    const asOf = new Date();
    const snapshot = loadPublishedContent(db, asOf, { includeDrafts: true }).then((loaded) => ({
      revision: loaded.revision,
      content: loaded.content,
      buildStamp: computeBuildStamp(loaded.content),
      asOf,
      includesDrafts: true,
    }));
    cache.preview = { revision, snapshot };
  }
  return cache.preview.snapshot;
}

/** What this request may see: the published snapshot, or the preview one in staff draft mode. */
export async function visibleContent(): Promise<ContentSnapshot> {
  return (await wantsDrafts()) ? previewSnapshot() : contentSnapshot();
}
