import { describe, expect, it } from 'vitest';
import { AFTER_FIRST_FRAME, createFirstFrameRewriter } from './first-frame-scripts.mjs';

// The shape Next 16 writes: the stylesheet, a preload of the page's chunk, the framework's async scripts, the polyfills
// for old browsers, and, in the body, the page's chunk and its inline payload.
const NONCE = 'bm9uY2UtMTIz';
const HEAD =
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>` +
  `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}" data-precedence="next"/>` +
  `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/page.js"/>` +
  `<script src="/_next/static/chunks/framework.js" async="" nonce="${NONCE}"></script>` +
  `<script src="/_next/static/chunks/main.js" async="" nonce="${NONCE}"></script>` +
  `<title>Buffer management</title><link rel="icon" href="/icon.svg"/>` +
  `<script src="/_next/static/chunks/polyfills.js" noModule="" nonce="${NONCE}"></script></head>`;
const BODY =
  `<body><main><h1>Buffer management</h1><p>Red means act today.</p></main>` +
  `<script type="application/ld+json">{"@type":"Article"}</script>` +
  `<script nonce="${NONCE}" id="_R_">self.__next_r="x"</script>` +
  `<script src="/_next/static/chunks/page.js" nonce="${NONCE}" async=""></script>` +
  `<script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`;
const DOCUMENT = HEAD + BODY;

const held = (tag: string) => `<template ${AFTER_FIRST_FRAME}>${tag}</template>`;

/** The document rewritten in one piece. */
function rewriteWhole(html: string) {
  const rewriter = createFirstFrameRewriter();
  return rewriter.push(html) + rewriter.end();
}

/** The document rewritten in pieces of `size` characters. */
function rewriteInPieces(html: string, size: number) {
  const rewriter = createFirstFrameRewriter();
  let out = '';
  for (let at = 0; at < html.length; at += size) out += rewriter.push(html.slice(at, at + size));
  return out + rewriter.end();
}

describe('createFirstFrameRewriter', () => {
  it("holds back the build's scripts and script preloads in templates, after one loader with the page's nonce", () => {
    const rewritten = rewriteWhole(DOCUMENT);
    const loader = rewritten.match(/<script type="module" nonce="([^"]+)">([^<]*)<\/script>/);
    expect(loader?.[1]).toBe(NONCE);
    expect(rewritten.split('type="module"')).toHaveLength(2);
    // Everything else is where it was, the held-back tags byte for byte inside their templates.
    expect(rewritten).toBe(
      DOCUMENT.replace(
        `<link rel="preload" as="script" fetchPriority="low" nonce="${NONCE}" href="/_next/static/chunks/page.js"/>`,
        (tag) => `${loader![0]}${held(tag)}`,
      )
        .replace(`<script src="/_next/static/chunks/framework.js" async="" nonce="${NONCE}"></script>`, held)
        .replace(`<script src="/_next/static/chunks/main.js" async="" nonce="${NONCE}"></script>`, held)
        .replace(`<script src="/_next/static/chunks/page.js" nonce="${NONCE}" async=""></script>`, held),
    );
  });

  it('leaves the stylesheet, the polyfills for old browsers, inline scripts, data and other links alone', () => {
    const rewritten = rewriteWhole(DOCUMENT);
    for (const untouched of [
      `<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="${NONCE}" data-precedence="next"/><`,
      `></template><title>Buffer management</title><link rel="icon" href="/icon.svg"/><script src="/_next/static/chunks/polyfills.js" noModule=""`,
      `<script type="application/ld+json">{"@type":"Article"}</script><script nonce="${NONCE}" id="_R_">self.__next_r="x"</script><template`,
      `</template><script nonce="${NONCE}">(self.__next_f=self.__next_f||[]).push([0])</script></body></html>`,
    ]) {
      expect(rewritten).toContain(untouched);
    }
  });

  it('rewrites a document written in pieces of any size exactly as one written whole', () => {
    const whole = rewriteWhole(DOCUMENT);
    for (const size of [1, 2, 3, 7, 16, 50, 99, 256, 1000]) expect(rewriteInPieces(DOCUMENT, size), `pieces of ${size}`).toBe(whole);
  });

  it('sends text as soon as no tag in it is left unfinished', () => {
    const rewriter = createFirstFrameRewriter();
    expect(rewriter.push('<body><p>Red means act ')).toBe('<body><p>Red means act ');
    expect(rewriter.push('today.</p><scr')).toBe('today.</p>');
    expect(rewriter.push(`ipt src="/_next/static/chunks/page.js" nonce="${NONCE}" async="">`)).toBe('');
    const rest = rewriter.push('</script><p>Next</p>');
    expect(rest.startsWith('<script type="module"')).toBe(true);
    expect(rest.endsWith(`${held(`<script src="/_next/static/chunks/page.js" nonce="${NONCE}" async=""></script>`)}<p>Next</p>`)).toBe(true);
    expect(rewriter.end()).toBe('');
  });

  it('leaves a document whose scripts carry no nonce as it is: the loader could not run', () => {
    const withoutNonce = DOCUMENT.replaceAll(` nonce="${NONCE}"`, '');
    expect(rewriteWhole(withoutNonce)).toBe(withoutNonce);
  });

  it('leaves scripts from elsewhere, and modules, alone', () => {
    const others =
      `<script src="https://example.com/x.js" async="" nonce="${NONCE}"></script>` +
      `<script type="module" src="/_next/static/chunks/m.js" nonce="${NONCE}"></script>` +
      `<link rel="preload" as="style" href="/_next/static/chunks/a.css"/>` +
      `<link rel="preload" as="script" href="/elsewhere.js"/>`;
    expect(rewriteWhole(others)).toBe(others);
  });

  it('keeps an unfinished tag at the very end of a document', () => {
    expect(rewriteWhole('<p>cut</p><scri')).toBe('<p>cut</p><scri');
  });
});
