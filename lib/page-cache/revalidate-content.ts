import { revalidatePath } from 'next/cache';
import { invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { CACHED_PAGES_PREFIX } from './cached-page-path';

/**
 * Call after a publication commits, from a server action or route handler of the instance that published. The
 * content snapshot is re-read on the next request, so proxy.ts routes to the new edition's copies at once, and
 * Next.js drops the copies of every edition (through the tag it keeps for the cached pages' layout) instead of
 * keeping them until they age out of its memory. Other instances, and publications by the job runner, need no call:
 * each instance sees the new edition within CONTENT_REVALIDATE_MS and routes to new copies by itself.
 */
export function revalidateContent(): void {
  invalidateContentSnapshot();
  revalidatePath(`${CACHED_PAGES_PREFIX}/[stamp]`, 'layout');
}
