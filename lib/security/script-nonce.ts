import { createHmac, randomBytes } from 'node:crypto';

/** 128 random bits per response: the nonce of every page rendered for one request. */
export function freshNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The nonce of a cached page: one per content edition (`stamp`), derived with a server secret so it cannot be
 * computed ahead of publishing. Every copy of a page rendered for that edition carries it, so the header proxy.ts
 * sets always matches the document a cache hands out, whichever request rendered it.
 *
 * It is not secret from visitors (any cached copy shows it). That is safe because cached pages render nothing a
 * visitor sent (proxy.ts routes only known content addresses to them, never search or form results), and a
 * page that does render visitor input is always rendered per request with a fresh nonce, so knowing this one
 * opens nothing there.
 */
export function editionNonce(secret: string, stamp: string): string {
  return createHmac('sha256', secret).update(`csp-nonce:${stamp}`).digest('base64').slice(0, 24);
}
