// A page's scripts load after its first frame (server/web-server.mjs rewrites every HTML document Next writes).
// Next puts its framework's scripts and the page's chunks in <head>, as `<script async>` and `<link rel=preload>`, so a
// browser fetches them beside the stylesheet the first frame waits for: on a slow link they share it, and the frame (the
// page's text, all of it rendered on the server) comes later than it needs to. The scripts only hydrate what is already
// on the screen. Here each such tag is wrapped in an inert `<template>`, which the browser neither fetches nor runs,
// and a small module script puts the same elements back once the first frame is out (a hidden page, which draws no
// frame, gets them at once). Measured in docs/performance.md, "Scripts after the first frame".
// The rewrite is streamed: a document is passed through in the pieces it is written in, holding back only a tag that
// is not yet whole. A document whose scripts carry no nonce is left as it is: the loader could not run under the
// pages' strict policy.

/** The attribute that marks a held-back tag's template. */
export const AFTER_FIRST_FRAME = 'data-after-first-frame';

/** Where Next serves the build's scripts. */
const BUILD_SCRIPTS = '/_next/static/';

/** A start tag's attributes, lower-case names. */
function attributesOf(tag) {
  const attributes = new Map();
  for (const match of tag.matchAll(/([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g)) {
    attributes.set(match[1].toLowerCase(), match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attributes;
}

/** A script of the build's, loaded by address and not only by an old browser (`nomodule`). */
function isBuildScript(attributes) {
  return (attributes.get('src') ?? '').startsWith(BUILD_SCRIPTS) && !attributes.has('nomodule') && (attributes.get('type') ?? '') === '';
}

/** A preload of one of the build's scripts. */
function isBuildScriptPreload(attributes) {
  return (
    (attributes.get('rel') ?? '').toLowerCase() === 'preload' &&
    (attributes.get('as') ?? '').toLowerCase() === 'script' &&
    (attributes.get('href') ?? '').startsWith(BUILD_SCRIPTS)
  );
}

/**
 * The loader: after the document is parsed (a module script), and after the next frame (a task queued from a frame
 * callback runs once that frame is drawn), each held-back element is made again, attribute by attribute, in <head>.
 * A hidden page draws no frames, so it gets them at once.
 */
const LOADER = [
  'const load=()=>{',
  `for(const t of document.querySelectorAll("template[${AFTER_FIRST_FRAME}]")){`,
  'for(const o of t.content.children){const e=document.createElement(o.localName);',
  'for(const a of o.attributes)e.setAttribute(a.name,a.value);document.head.append(e)}',
  't.remove()}};',
  'document.visibilityState==="visible"?requestAnimationFrame(()=>setTimeout(load)):load();',
].join('');

/** The tags this rewrite looks at: a whole script element with no content, or a link. */
const CANDIDATE = /<script\b[^>]*>\s*<\/script>|<link\b[^>]*>/gi;

/**
 * Where a piece of the document must stop for now: at a `<script` or `<link` tag (or a `<` that may begin one) that is
 * not yet whole, so that a tag split between two writes is still seen whole.
 */
function unfinishedFrom(text) {
  const lastOpen = text.lastIndexOf('<');
  let cut = lastOpen !== -1 && !text.includes('>', lastOpen) ? lastOpen : text.length;
  // A script whose end tag has not come yet may be one of ours (React writes its tags in lower case).
  const lastScript = text.lastIndexOf('<script');
  if (lastScript !== -1 && !text.includes('</script>', lastScript)) cut = Math.min(cut, lastScript);
  return cut;
}

/**
 * A streaming rewrite of one HTML document: `push` each piece as it is written and send what it returns, then send
 * what `end` returns.
 */
export function createFirstFrameRewriter() {
  let pending = '';
  /** The page's nonce, from the first tag held back; null once the document is known to have none. */
  let nonce;

  function rewrite(text) {
    return text.replace(CANDIDATE, (tag) => {
      const attributes = attributesOf(tag.slice(0, tag.indexOf('>') + 1));
      if (!(tag.toLowerCase().startsWith('<script') ? isBuildScript(attributes) : isBuildScriptPreload(attributes))) return tag;
      if (nonce === undefined) {
        nonce = attributes.get('nonce') || null;
        if (nonce === null) return tag;
        return `<script type="module" nonce="${nonce}">${LOADER}</script><template ${AFTER_FIRST_FRAME}>${tag}</template>`;
      }
      return nonce === null ? tag : `<template ${AFTER_FIRST_FRAME}>${tag}</template>`;
    });
  }

  return {
    push(piece) {
      const text = pending + piece;
      const cut = unfinishedFrom(text);
      pending = text.slice(cut);
      return rewrite(text.slice(0, cut));
    },
    end() {
      const rest = rewrite(pending);
      pending = '';
      return rest;
    },
  };
}
