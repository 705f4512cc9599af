import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/lib/process-singleton';
import type { ContentTypeId } from '../content-workflow/content-type';

/**
 * What drafts the current request may see: every draft (signed-in staff previewing), one item's draft (a reviewer's
 * preview link), or none. Only site pages in Next.js draft mode may see any (the site registers a resolver that reads
 * draft mode, the link cookie and the staff session); the /v1 API runs every handler inside publicOnly(), so drafts
 * never reach it whatever cookies a client sends.
 */
export type PreviewScope = { kind: 'all-drafts' } | { kind: 'one-item'; type: ContentTypeId; itemId: string };

// Process-wide: the site registers the resolver from its own bundle, the domain reads it from any other.
const shared = processSingleton('content-visibility', () => ({
  previewResolver: (async () => null) as () => Promise<PreviewScope | null>,
  publicOnlyScope: new AsyncLocalStorage<true>(),
}));
const { publicOnlyScope } = shared;

export function setPreviewResolver(resolver: () => Promise<PreviewScope | null>): void {
  shared.previewResolver = resolver;
}

export function publicOnly<T>(work: () => Promise<T>): Promise<T> {
  return publicOnlyScope.run(true, work);
}

export async function previewScope(): Promise<PreviewScope | null> {
  if (publicOnlyScope.getStore()) return null;
  try {
    return await shared.previewResolver();
  } catch {
    // Outside a request (scripts, tests) there is no draft mode.
    return null;
  }
}
