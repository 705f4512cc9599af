import { revalidatePath } from 'next/cache';
import { invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { CACHED_PAGES_PREFIX } from '../../core/cached-pages-prefix';

/**
 * Called by every publication path after it commits (lib/domain/content-workflow/publishing.ts: a person's publish,
 * the job runner's scheduled one, unpublishing; and the content import). This process's content snapshot is re-read
 * on the next request, so proxy.ts routes to the new edition's copies at once. Inside a request of the web server (a
 * server action), Next.js also drops the copies of past editions (through the cached pages' layout) instead of keeping
 * them until they age out of its memory. Other instances, and the web server when the job runner published, need no
 * call: each sees the new edition within CONTENT_REVALIDATE_MS and routes to new copies by itself.
 */
export function revalidateContent(): void {
  invalidateContentSnapshot();
  try {
    revalidatePath(`${CACHED_PAGES_PREFIX}/[stamp]`, 'layout');
  } catch {
    // Outside a request (the job runner, the import script, tests) Next has no cache here to drop: nothing to do.
  }
}
