import { lazyImport } from '@/lib/core/lazy-import';
import { invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { CACHED_PAGES_PREFIX } from '../../core/cached-pages-prefix';

/**
 * next/cache (about 19 MiB of memory) is only of use inside the Next server, which has loaded it anyway: it is imported
 * there on the first publication, and never by the job runner's thread, the `npm run worker` process or scripts.
 */
const nextCache = lazyImport(() => import('next/cache'));

/** Next's server puts AsyncLocalStorage on globalThis before anything else (next/dist/server/node-environment-baseline.js). */
const insideNextServer = () => typeof (globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage === 'function';

/**
 * Called by every publication path after it commits (lib/domain/content-workflow/publishing.ts: a person's publish,
 * the job runner's scheduled one, unpublishing; and the content import). This process's content snapshot is re-read
 * on the next request, so proxy.ts routes to the new edition's copies at once. Inside a request of the web server (a
 * server action), Next.js also drops the copies of past editions (through the cached pages' layout) instead of keeping
 * them until they age out of its memory. Other instances, and the web server when the job runner published, need no
 * call: each sees the new edition within CONTENT_REVALIDATE_MS and routes to new copies by itself.
 */
export async function revalidateContent(): Promise<void> {
  invalidateContentSnapshot();
  // Outside the Next server (the job runner, the import script, tests) Next has no cache here to drop.
  if (!insideNextServer()) return;
  const { revalidatePath } = await nextCache();
  try {
    revalidatePath(`${CACHED_PAGES_PREFIX}/[stamp]`, 'layout');
  } catch {
    // Outside a request (a job run in the web process, an import at start-up) there is nothing to drop either.
  }
}
