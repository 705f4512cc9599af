import type { PageFacts, ParsedPage } from '../../lib/website-audit/parsed-page';
import { load } from 'cheerio';
import { parsePageWith } from '../../lib/website-audit/parsed-page';

/** A parsed page for rule tests: a fast, clean https fetch unless the test says otherwise. */
export function pageFrom(html: string, facts: Partial<PageFacts> = {}): ParsedPage {
  return parsePageWith(load, html, {
    finalUrl: 'https://harbor-lane-dental.example/new-patients',
    https: true,
    bytes: Buffer.byteLength(html),
    truncated: false,
    timeToFirstByteMs: 120,
    redirects: [],
    ...facts,
  });
}

/** A body wrapped in a minimal document, for rules that only look at the body. */
export function bodyPage(body: string, facts: Partial<PageFacts> = {}): ParsedPage {
  return pageFrom(`<!doctype html><html lang="en"><head><title>Harbor Lane Dental: new patients</title></head><body>${body}</body></html>`, facts);
}

/** A document with only `head` in its head (nothing by default), for rules that only look at the head. */
export function headPage(head = '', facts: Partial<PageFacts> = {}): ParsedPage {
  return pageFrom(`<html><head>${head}</head><body></body></html>`, facts);
}
