import { describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { eventually } from '../../test-support/eventually';

// Against the production build: every HTML document the web server sends holds the build's scripts back until its
// first frame (lib/http/first-frame-scripts.mjs, lib/http/rewritten-documents.mjs), whether Next rendered it for the
// request, for its cached copy, or the web server answered from a held copy or its Brotli copy.

const TEMPLATE = /<template data-after-first-frame>([\s\S]*?)<\/template>/g;

async function documentOf(path: string, acceptEncoding: string) {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { accept: 'text/html', 'accept-encoding': acceptEncoding } });
  const nonce = /script-src 'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  return { status: response.status, encoding: response.headers.get('content-encoding'), nonce, text: await response.text() };
}

/** The document's held-back tags, and what is left of it without them. */
function partsOf(text: string) {
  const held = [...text.matchAll(TEMPLATE)].map((match) => match[1] ?? '');
  return { held, rest: text.replace(TEMPLATE, '') };
}

describe('scripts after the first frame', () => {
  it.each(['/about', '/insights/buffer-management-red-zones', '/contact', '/book'])(
    '%s: the build scripts and their preloads wait in templates, with one loader under the page nonce',
    async (path) => {
      const { status, nonce, text } = await documentOf(path, 'gzip');
      expect(status).toBe(200);
      const { held, rest } = partsOf(text);
      const loaders = [...rest.matchAll(/<script type="module" nonce="([^"]+)">/g)].map((match) => match[1]);
      expect(loaders).toEqual([nonce]);
      // Nothing the browser would fetch as a script before the first frame, but the polyfills old browsers ask for.
      expect(rest.match(/<link [^>]*as="script"[^>]*>/g)).toBeNull();
      expect(rest.match(/<script src="[^"]+"[^>]*>/g)).toEqual([expect.stringContaining('noModule=""')]);
      expect(held.length).toBeGreaterThan(3);
      for (const tag of held) {
        expect(tag).toMatch(/^(<script src="\/_next\/static\/chunks\/[\w-]+\.js"[^>]*><\/script>|<link rel="preload" as="script"[^>]*\/>)$/);
        expect(tag).toContain(`nonce="${nonce}"`);
        const address = /(?:src|href)="([^"]+)"/.exec(tag)![1];
        const script = await fetch(`${baseUrl()}${address}`);
        expect([address, script.status, script.headers.get('content-type')]).toEqual([address, 200, 'application/javascript; charset=UTF-8']);
      }
    },
  );

  it("a cached page's held copy and its Brotli copy are the rewritten document Next's answer was", async () => {
    // An Accept-Encoding no other test sends, so the first answer is Next's.
    const acceptEncoding = 'br;q=0.9, gzip;q=0.8, identity;q=0.1';
    const first = await documentOf('/principles', acceptEncoding);
    expect(first.encoding).toBe('gzip');
    expect(partsOf(first.text).held.length).toBeGreaterThan(3);
    const brotli = await eventually(
      () => documentOf('/principles', acceptEncoding),
      (answer) => answer.encoding === 'br',
      "the page's Brotli copy",
    );
    expect(brotli.text).toBe(first.text);
    const plain = await documentOf('/principles', 'identity');
    expect(plain.encoding).toBeNull();
    expect(plain.text).toBe(first.text);
  });

  it('leaves answers other than documents as they were', async () => {
    const response = await fetch(`${baseUrl()}/v1/services`, { headers: { accept: 'text/html, application/json' } });
    expect(response.headers.get('content-type')).toContain('application/json');
    expect((await response.text()).includes('data-after-first-frame')).toBe(false);
  });
});
