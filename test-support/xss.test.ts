import escapeHtml from 'escape-html';
import { describe, expect, it } from 'vitest';
import { findInjections, visibleText, XSS_PAYLOADS } from './xss';

/** The oracle itself: it must see every payload that markup would run, or the tests that use it prove nothing. */
const INERT_EVEN_RAW = new Set<string>(['&lt;script&gt;window.__xss=8&lt;/script&gt;', '{{constructor.constructor("window.__xss=11")()}}']);

describe('findInjections', () => {
  it.each(XSS_PAYLOADS.filter((payload) => !INERT_EVEN_RAW.has(payload)))('sees %j pasted raw into a page', (payload) => {
    expect(findInjections(`<html><body><p>${payload}</p></body></html>`)).not.toEqual([]);
  });

  it.each(XSS_PAYLOADS)('sees %j pasted raw into an email shown in a frame’s srcdoc', (payload) => {
    if (INERT_EVEN_RAW.has(payload)) return;
    expect(findInjections(`<iframe title="x" srcdoc="${escapeHtml(`<p>${payload}</p>`)}"></iframe>`)).not.toEqual([]);
  });

  it.each(XSS_PAYLOADS)('finds nothing in %j escaped, which shows as the text it is', (payload) => {
    const html = `<html><body><p title="${escapeHtml(payload)}">${escapeHtml(payload)}</p><input value="${escapeHtml(payload)}"></body></html>`;
    expect(findInjections(html)).toEqual([]);
    expect(visibleText(html)).toContain(payload);
  });

  it('accepts Next.js flight data carrying a payload as JSON', () => {
    const flight = `<script>self.__next_f.push([1,${JSON.stringify(XSS_PAYLOADS[0]).replace(/</g, '\\u003c')}])</script>`;
    expect(findInjections(`<html><body>${flight}</body></html>`)).toEqual([]);
  });
});
