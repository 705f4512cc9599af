import { createHash } from 'node:crypto';
import { API_REFERENCE_BOOT_SCRIPT } from '@/lib/http/api-reference-page';

/** A policy as directive → sources, written out in this order. */
type Directives = Record<string, readonly string[]>;

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length > 0 ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

/** What every HTML document of the site forbids, whoever rendered it. */
const DOCUMENT_BASE = {
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
} as const;

export interface PagePolicyOptions {
  /** The nonce Next.js puts on every script (and style) it renders; proxy.ts chooses it per request. */
  nonce: string;
  /** Origins outside the site that a form on this page may post or redirect to (a payment provider's checkout). */
  formTargets?: readonly string[];
  /** `next dev` needs eval for React's debugging information. */
  development?: boolean;
}

/**
 * The site's pages: scripts only with the nonce, and whatever those scripts load ('strict-dynamic'), so no markup
 * that got into a page can run code. Styles come from our own stylesheet or carry the nonce; no inline style
 * attributes are allowed, so none may be rendered.
 */
export function pagePolicy({ nonce, formTargets = [], development = false }: PagePolicyOptions): string {
  return serialize({
    'default-src': ["'self'"],
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", ...(development ? ["'unsafe-eval'"] : [])],
    'style-src': ["'self'", `'nonce-${nonce}'`, ...(development ? ["'unsafe-inline'"] : [])],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'", ...formTargets],
    ...DOCUMENT_BASE,
  });
}

/**
 * /docs: Swagger UI from /vendor and the one inline script that starts it (allowed by its hash). Swagger UI sets
 * inline styles and draws its icons from data: URIs; "Try it out" calls the API on this origin.
 */
export function apiReferencePolicy(): string {
  const bootScriptHash = createHash('sha256').update(API_REFERENCE_BOOT_SCRIPT).digest('base64');
  return serialize({
    'default-src': ["'none'"],
    'script-src': ["'self'", `'sha256-${bootScriptHash}'`],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'form-action': ["'self'"],
    ...DOCUMENT_BASE,
  });
}

/**
 * The HTML part of an email, shown to staff in a sandboxed frame of the outbox page (app/staff/outbox/[id]/html):
 * mail clients need inline styles, so it gets them, and nothing else. No script runs (`sandbox` without
 * allow-scripts, and no script-src), no form posts, nothing loads from outside the site, and only the site's own
 * pages may frame it.
 */
export function emailPartPolicy(): string {
  return serialize({
    'default-src': ["'none'"],
    'style-src': ["'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'form-action': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'self'"],
    sandbox: [],
  });
}
