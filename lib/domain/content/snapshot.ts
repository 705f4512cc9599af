import { db } from '@/lib/db/client';
import { config } from '@/lib/config';
import { canonicalSha256 } from '../hashing';
import { loadPublishedContent } from './load-published-content';
import type { PublishedContent } from './published-content';

export interface ContentSnapshot {
  revision: number;
  /** Short hash of the published content and the release: same content, same stamp, on every instance. */
  buildStamp: string;
  content: PublishedContent;
}

interface CacheState {
  snapshot: ContentSnapshot;
  checkedAt: number;
  nextScheduledAt: number;
}

let state: CacheState | undefined;
let refreshing: Promise<ContentSnapshot> | undefined;

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
  if (state && now < state.nextScheduledAt && (await readRevision()) === state.snapshot.revision) {
    state.checkedAt = now;
    return state.snapshot;
  }
  const loaded = await loadPublishedContent(db, new Date(now));
  const snapshot = { revision: loaded.revision, content: loaded.content, buildStamp: computeBuildStamp(loaded.content) };
  state = { snapshot, checkedAt: now, nextScheduledAt: loaded.nextScheduledAt };
  return snapshot;
}

/**
 * The published content, held in memory. Each instance re-reads one small row (the content revision)
 * at most every CONTENT_REVALIDATE_MS and reloads only when it changed, so requests almost never
 * touch the database while publishing on any instance shows up everywhere within that interval.
 */
export async function contentSnapshot(): Promise<ContentSnapshot> {
  const now = Date.now();
  if (state && now - state.checkedAt < config().CONTENT_REVALIDATE_MS && now < state.nextScheduledAt) {
    return state.snapshot;
  }
  refreshing ??= refresh().finally(() => {
    refreshing = undefined;
  });
  return refreshing;
}

/** Called after this process writes content, so its own next read sees the change at once. */
export function invalidateContentSnapshot(): void {
  if (state) state.checkedAt = Number.NEGATIVE_INFINITY;
}
