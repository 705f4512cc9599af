/**
 * Documents that send a Content-Security-Policy of their own instead of the pages' nonce policy: /docs (Swagger UI,
 * lib/http/api-reference-page.ts) and an email's HTML part shown to staff (app/staff/outbox/[id]/html). proxy.ts
 * leaves their policy alone.
 */
export function setsOwnPolicy(pathname: string): boolean {
  return pathname === '/docs' || /^\/staff\/outbox\/[^/]+\/html$/.test(pathname);
}
