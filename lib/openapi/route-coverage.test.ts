import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { documentedOperations } from '../contract/openapi-document';

/**
 * Route files that are not contract operations: the documentation, the /v1 not-found fallback, the Atom feed, the sitemap, staff routes,
 * the payment provider's webhook (an integration endpoint for Stripe, not for API clients), the MCP endpoint (its tools
 * run the operations' own handlers), /llms.txt, reviewers' preview links (/preview/{token}, pages for people), the
 * readiness probe (/readyz, for load balancers; docs/operations.md), the media library's image files and the staff's
 * private calendar subscription feeds (/calendars/{secret}.ics).
 */
const NON_OPERATION_ROUTES = new Set([
  '/openapi.json',
  '/v1/openapi.json',
  '/docs',
  '/v1/[[...path]]',
  '/insights/feed.xml',
  '/sitemap.xml',
  '/webhooks/stripe',
  '/mcp',
  '/llms.txt',
  '/readyz',
  '/media/[hash]/[file]',
  '/calendars/[file]',
]);
const isNonOperation = (urlPath: string) => NON_OPERATION_ROUTES.has(urlPath) || urlPath.startsWith('/staff/') || urlPath.startsWith('/preview/');
/** proxy.ts rewrites `/` for API clients to this internal route. */
const REWRITTEN = { '/root-discovery': '/' } as Record<string, string>;

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return name === 'route.ts' ? [full] : [];
  });
}

function urlPathOf(file: string): string {
  const segments = path
    .relative('app', path.dirname(file))
    .split(path.sep)
    .filter((s) => s && !/^\(.*\)$/.test(s));
  return `/${segments.join('/')}`;
}

const toTemplate = (urlPath: string) => (REWRITTEN[urlPath] ?? urlPath).replace(/\[([^\]]+)\]/g, '{$1}');

describe('route handlers and the OpenAPI document', () => {
  it('every handler bound to an operation is documented, and every documented operation has its handler', async () => {
    const implemented: { method: string; path: string; operationId: string }[] = [];
    for (const file of routeFiles('app')) {
      const urlPath = urlPathOf(file);
      const routeModule = (await import(/* @vite-ignore */ path.resolve(file))) as Record<string, unknown>;
      const bound = Object.entries(routeModule)
        .map(([method, handler]) => [method, typeof handler === 'function' ? (handler as { operationId?: string }) : {}] as const)
        .filter(([, handler]) => Boolean(handler.operationId));
      if (isNonOperation(urlPath)) {
        expect(bound, `${urlPath} should not bind an operation`).toEqual([]);
        continue;
      }
      expect(bound.length, `${file} binds no operation of the contract`).toBeGreaterThan(0);
      for (const [method, handler] of bound) {
        implemented.push({ method, path: toTemplate(urlPath), operationId: handler.operationId! });
      }
    }
    const key = (op: { method: string; path: string; operationId: string }) => `${op.method} ${op.path} ${op.operationId}`;
    expect(implemented.map(key).sort()).toEqual(documentedOperations().map(key).sort());
  });
});
