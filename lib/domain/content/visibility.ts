import { AsyncLocalStorage } from 'node:async_hooks';
import { processSingleton } from '@/lib/process-singleton';

/**
 * Whether the current request may see drafts. Only site pages in Next.js draft mode may (the site
 * registers a resolver that reads draft mode); the /v1 API runs every handler inside publicOnly(),
 * so drafts never reach it whatever cookies a client sends.
 */
// Process-wide: the site registers the resolver from its own bundle, the domain reads it from any other.
const shared = processSingleton('content-visibility', () => ({
  previewResolver: (async () => false) as () => Promise<boolean>,
  publicOnlyScope: new AsyncLocalStorage<true>(),
}));
const { publicOnlyScope } = shared;

export function setPreviewResolver(resolver: () => Promise<boolean>): void {
  shared.previewResolver = resolver;
}

export function publicOnly<T>(work: () => Promise<T>): Promise<T> {
  return publicOnlyScope.run(true, work);
}

export async function wantsDrafts(): Promise<boolean> {
  if (publicOnlyScope.getStore()) return false;
  try {
    return await shared.previewResolver();
  } catch {
    // Outside a request (scripts, tests) there is no draft mode.
    return false;
  }
}
