import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchesIfNoneMatch } from '@/lib/http/cache-policy';

let build: string | undefined;

/** The build's id: a copy's bytes depend on it (script and style file names), not only on the content. */
function buildId(): string {
  if (build === undefined) {
    try {
      build = readFileSync(path.join(/*turbopackIgnore: true*/ process.cwd(), '.next', 'BUILD_ID'), 'utf8').trim();
    } catch {
      build = 'development';
    }
  }
  return build;
}

/**
 * The ETag of a cached copy of a page, as a document (not the client router's RSC payload, which has addresses of
 * its own): one per content edition and build, so it changes exactly when the copy does. Next's own ETags are off
 * (next.config.mjs) because it hashes the whole page on every answer.
 */
export function copyEtag(stamp: string): string {
  return `W/"${stamp}-${buildId()}"`;
}

/** Whether the client already holds this copy (a 304 then answers it without Next touching the page). */
export function clientHoldsCopy(ifNoneMatch: string | null, etag: string): boolean {
  return matchesIfNoneMatch(ifNoneMatch, etag);
}
