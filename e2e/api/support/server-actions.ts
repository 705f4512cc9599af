import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrl } from './contract';

/**
 * Server actions called the way a browser calls them (POST with Next-Action), found by their exported name in the
 * build's manifest. For HTTP tests that need what only a page's button does, e.g. paying on the sandbox page.
 */
type ManifestEntry = { filename: string; exportedName: string; workers: Record<string, unknown> };

let manifest: Record<string, ManifestEntry> | undefined;

function actionId(filename: string, exportedName: string): string {
  manifest ??= (JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as { node: Record<string, ManifestEntry> }).node;
  const found = Object.entries(manifest).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`No server action ${exportedName} in ${filename}`);
  return found[0];
}

/** Calls the action on `pagePath` with `args`; returns the response (a redirect is in `x-action-redirect`). */
export function callServerAction(pagePath: string, filename: string, exportedName: string, args: unknown[], cookie?: string): Promise<Response> {
  return fetch(`${baseUrl()}${pagePath}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'next-action': actionId(filename, exportedName),
      'content-type': 'text/plain;charset=UTF-8',
      accept: 'text/x-component',
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(args),
  });
}
