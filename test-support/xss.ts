import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';

/**
 * Cross-site scripting payloads for visitor text (names, descriptions, buyer inputs) and the oracle that tells whether
 * a page or an email let one of them turn into markup. Each payload carries the marker `__xss`, so a check can tell
 * markup a payload created from the page's own.
 */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=2">',
  '"><svg onload=window.__xss=3>',
  '\'><iframe src="javascript:window.__xss=4"></iframe>',
  '<a href="javascript:window.__xss=5">open</a>',
  '</textarea></title><script>window.__xss=6</script>',
  '<style>body{background:url("javascript:window.__xss=7")}</style>',
  '&lt;script&gt;window.__xss=8&lt;/script&gt;',
  '\u2028</script><script>window.__xss=9</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=10>',
  '{{constructor.constructor("window.__xss=11")()}}',
  '<details open ontoggle=window.__xss=12>',
  '<base href="javascript:window.__xss=13//">',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss=14">',
] as const;

const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'ping'];
/** Elements a payload would bring along to run script or load something; the page's own never carry the marker. */
const ACTIVE_ELEMENTS = new Set(['script', 'img', 'svg', 'math', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'details', 'form']);
/** Next.js hands React's data to the browser in scripts like these; visitor text inside them is JSON, `<` escaped. */
const FLIGHT_DATA = /^\s*\(?self\.__next_f\s*=\s*self\.__next_f\s*\|\|\s*\[\]\)?\.push\(|^\s*self\.__next_f\.push\(/;

/** As a browser reads a URL: whitespace and control characters inside the scheme are dropped, case is ignored. */
const isScriptUrl = (value: string) => /^(javascript:|vbscript:|data:text\/html)/.test(value.replace(/[\s\u0000-\u001f]/g, '').toLowerCase());

/**
 * Where `html` lets a payload act: an event-handler attribute, a script or style it wrote, a script URL, or an active
 * element carrying the marker. Frames with `srcdoc` (the outbox shows an email's HTML part so) are checked inside too.
 * Empty when every payload stayed text.
 */
export function findInjections(html: string, where = 'page'): string[] {
  const $ = cheerio.load(html);
  const problems: string[] = [];
  $('*').each((_, found) => {
    const node = found as Element;
    const element = $(node);
    const tag = node.tagName.toLowerCase();
    const attributes = Object.entries(node.attribs ?? {});
    for (const [name, value] of attributes) {
      if (name.toLowerCase().startsWith('on') && value.includes('__xss')) problems.push(`${where}: <${tag} ${name}="${value}">`);
      if (URL_ATTRIBUTES.includes(name.toLowerCase()) && isScriptUrl(value)) problems.push(`${where}: <${tag} ${name}="${value}">`);
      if (name.toLowerCase() === 'content' && /url\s*=\s*javascript:/i.test(value)) problems.push(`${where}: <${tag} content="${value}">`);
    }
    if (tag === 'script' && element.text().includes('__xss') && !FLIGHT_DATA.test(element.text()))
      problems.push(`${where}: <script>${element.text()}</script>`);
    if (tag === 'style' && element.text().includes('__xss')) problems.push(`${where}: <style>${element.text()}</style>`);
    // A title is text; a srcdoc is a document of its own, checked below.
    if (ACTIVE_ELEMENTS.has(tag) && tag !== 'script' && attributes.some(([name, value]) => name !== 'title' && name !== 'srcdoc' && value.includes('__xss'))) {
      problems.push(`${where}: <${tag}> with a payload's attribute`);
    }
    const srcdoc = element.attr('srcdoc');
    if (srcdoc) problems.push(...findInjections(srcdoc, `${where} > ${tag} srcdoc`));
  });
  return problems;
}

/** The visible text of a page, scripts and styles left out, to check that a payload was shown as the text it is. */
export function visibleText(html: string): string {
  const $ = cheerio.load(html);
  $('script, style, template').remove();
  return $('body').text();
}
