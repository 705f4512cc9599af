import { db } from '@/lib/db/client';
import { processSingleton } from '@/lib/process-singleton';
import { config } from '@/lib/config';
import { computeBuildStamp } from './build-stamp';
import { loadPublishedContent } from './load-published-content';
import type { PublishedContent } from './published-content';

export interface ContentSnapshot {
  revision: number;
  /** Short hash of the published content and the release: same content, same stamp, on every instance. */
  buildStamp: string;
  content: PublishedContent;
  /** The instant the content was read for: what was published by then is in it (search filters by it too). */
  asOf: Date;
  /** A staff preview of every draft: drafts, unpublished and scheduled items are in it as if they were live. */
  includesDrafts: boolean;
  /** Previews only: the bodies of the insight drafts in it, which the database does not hold yet. */
  draftBodies?: ReadonlyMap<string, string>;
}

interface CacheState {
  snapshot: ContentSnapshot;
  checkedAt: number;
  nextScheduledAt: number;
}

interface SnapshotCache {
  state?: CacheState;
  refreshing?: Promise<ContentSnapshot>;
}

// Shared by every bundle in the process, so a publish in a server action is seen at once by the API.
const cache = processSingleton<SnapshotCache>('content-snapshot', () => ({}));

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
  const { state } = cache;
  if (state && isFresh(state, Date.now())) return state.snapshot;
  cache.refreshing ??= refresh().finally(() => {
    cache.refreshing = undefined;
  });
  return cache.refreshing;
}

/** Whether contentSnapshot() may answer this state without asking the database whether content moved. */
function isFresh(state: CacheState, now: number): boolean {
  return now - state.checkedAt < config().CONTENT_REVALIDATE_MS && now < state.nextScheduledAt;
}

/**
 * The published snapshot's stamp while contentSnapshot() would answer it without a database read, else null: a
 * synchronous check for the web server's held page copies (lib/page-cache/held-copy-rules.ts).
 */
export function freshPublishedStamp(now = Date.now()): string | null {
  const { state } = cache;
  return state && isFresh(state, now) ? state.snapshot.buildStamp : null;
}

/** Called after this process writes content, so its own next read sees the change at once. */
export function invalidateContentSnapshot(): void {
  if (cache.state) cache.state.checkedAt = Number.NEGATIVE_INFINITY;
}
