import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// React's own encoder of server action arguments, as Next's client uses it: a FormData argument (a form's fields, as
// useActionState passes them) must be sent in its multipart format, with the root part last.
const { encodeReply } = createRequire(import.meta.url)('next/dist/compiled/react-server-dom-turbopack/client.browser');

let manifest;

/** The id of a server action in the production build (`.next`), by the file that exports it and its name. */
export function serverActionId(filename, exportedName) {
  manifest ??= JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')).node;
  const found = Object.entries(manifest).find(([, entry]) => entry.filename === filename && entry.exportedName === exportedName);
  if (!found) throw new Error(`No server action ${exportedName} in ${filename} (run \`npm run build\`)`);
  return found[0];
}

/**
 * Calls a server action the way a browser does (POST to a page with Next-Action and the page's Origin), with `args` as
 * its arguments (FormData included), for tests and benchmarks that need what only a page's button does (e.g. paying
 * on the sandbox page). A redirect comes back in the `x-action-redirect` header. `origin` replaces the Origin header
 * (null: none), for tests of cross-site requests.
 */
export async function callServerAction(baseUrl, { page, filename, exportedName, args = [], cookie, origin = baseUrl }) {
  const body = await encodeReply(args);
  return fetch(`${baseUrl}${page}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'next-action': serverActionId(filename, exportedName),
      // A FormData body sets its own multipart type.
      ...(typeof body === 'string' ? { 'content-type': 'text/plain;charset=UTF-8' } : {}),
      accept: 'text/x-component',
      ...(origin === null ? {} : { origin }),
      ...(cookie ? { cookie } : {}),
    },
    body,
  });
}

/** Pays a sandbox checkout as its Pay button does. */
export function paySandboxCheckout(baseUrl, checkoutUrl) {
  const sessionId = new URL(checkoutUrl).pathname.split('/').at(-1);
  return callServerAction(baseUrl, {
    page: `/pay/sandbox/${sessionId}`,
    filename: 'app/pay/sandbox/[sessionId]/actions.ts',
    exportedName: 'paySandboxSession',
    args: [sessionId],
  });
}
