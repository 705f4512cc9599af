import type { CheerioAPI, load as CheerioLoad } from 'cheerio';
import { lazyImport } from '@/lib/core/lazy-import';
import type { Fold } from './above-the-fold';
import { findFold } from './above-the-fold';
import type { CallToAction } from './calls-to-action';
import { findCallsToAction } from './calls-to-action';
import type { FormSummary } from './forms';
import { findForms } from './forms';
import type { RedirectHop } from './safe-fetch';

/** What the fetch observed, as the rules need it. */
export interface PageFacts {
  finalUrl: string;
  https: boolean;
  bytes: number;
  truncated: boolean;
  timeToFirstByteMs: number;
  redirects: RedirectHop[];
}

export interface JsonLdBlock {
  /** The parsed value, or null when the block is not valid JSON. */
  value: unknown;
  raw: string;
}

/** The page once, parsed and analysed, for every rule to read. */
export interface ParsedPage {
  /** The document as a reader sees it: scripts, styles, templates and hidden elements removed. */
  $: CheerioAPI;
  facts: PageFacts;
  jsonLd: JsonLdBlock[];
  fold: Fold;
  callsToAction: CallToAction[];
  forms: FormSummary[];
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Elements a reader never sees; their text must not count as the page's words. */
const INVISIBLE = 'script, style, noscript, template, [hidden], [aria-hidden="true"], [style*="display:none" i], [style*="display: none" i]';

/** cheerio (about 28 MiB of memory) is loaded when the first audited page is parsed, not by every runner and server. */
const cheerio = lazyImport(() => import('cheerio'));

export async function parsePage(html: string, facts: PageFacts): Promise<ParsedPage> {
  return parsePageWith((await cheerio()).load, html, facts);
}

/** The same with cheerio's `load` at hand (tests of single rules, which parse synchronously). */
export function parsePageWith(load: typeof CheerioLoad, html: string, facts: PageFacts): ParsedPage {
  const $ = load(html);
  const jsonLd = $('script[type="application/ld+json" i]')
    .toArray()
    .map((script) => {
      const raw = $(script).text().trim();
      return { raw, value: parseJson(raw) };
    });
  $(INVISIBLE).remove();
  const fold = findFold($);
  return { $, facts, jsonLd, fold, callsToAction: findCallsToAction($, fold), forms: findForms($, fold) };
}
