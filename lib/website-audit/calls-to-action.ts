import type { Cheerio, CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import type { Fold } from './above-the-fold';
import { isInChrome } from './page-text';

export interface CallToAction {
  label: string;
  kind: 'link' | 'button';
  aboveFold: boolean;
}

/** Links that ask the buyer to act start with one of these verbs; "Learn more" and "Read our story" do not ask. */
const ACTION_LABEL =
  /^(book|buy|order|get|start|schedule|request|claim|reserve|call|phone|text|contact|email|message|chat|talk|speak|sign ?up|join|try|download|shop|subscribe|apply|enquire|inquire|register|donate|add to (cart|basket|bag)|follow us|send)\b/i;

/** Styled as a button by class or role: the page author meant it as a call to action, whatever it says. */
const BUTTON_CLASS = /(^|[\s_-])(btn|button|cta)($|[\s_-])/i;

/** Buttons that operate the page (menus, carousels, cookie banners) rather than ask the buyer to act. */
const UTILITY_LABEL = /^(menu|close|open menu|toggle|search|next|previous|prev|back|accept|reject|decline|dismiss|ok|×|x|\+|-|show more|load more)\b/i;

const MAX_LABEL_CHARS = 80;

function labelOf(element: Cheerio<Element>): string {
  const text =
    element.attr('aria-label') ?? (element.text().trim() || element.attr('value') || element.find('img[alt]').attr('alt') || element.attr('title') || '');
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_LABEL_CHARS);
}

function isButtonLike(element: Cheerio<Element>): boolean {
  return element.attr('role') === 'button' || BUTTON_CLASS.test(element.attr('class') ?? '');
}

function kindOf(element: Cheerio<Element>, label: string): CallToAction['kind'] | null {
  const tag = (element.get(0) as Element).tagName;
  if (tag === 'a') return ACTION_LABEL.test(label) || isButtonLike(element) ? 'link' : null;
  if (element.attr('aria-expanded') !== undefined || element.attr('aria-controls') !== undefined) return null;
  if (tag === 'input' && !['submit', 'button'].includes((element.attr('type') ?? '').toLowerCase())) return null;
  if ((element.attr('type') ?? '').toLowerCase() === 'reset') return null;
  return UTILITY_LABEL.test(label) ? null : 'button';
}

/**
 * Every call to action in the page's content, in document order: links worded as an action or styled as
 * buttons, and buttons (form submits included) that are not page controls. Navigation menus and the footer
 * are left out: they are chrome, not the offer.
 */
export function findCallsToAction($: CheerioAPI, fold: Fold): CallToAction[] {
  const found: CallToAction[] = [];
  $('a[href], button, input[type="submit" i], input[type="button" i]').each((_, node) => {
    const element = $(node as Element);
    if (isInChrome(element)) return;
    const label = labelOf(element);
    if (label === '') return;
    const kind = kindOf(element, label);
    if (kind) found.push({ label, kind, aboveFold: fold.isAboveFold(node as Element) });
  });
  return found;
}

/** Distinct calls to action by wording: the same "Book a call" in the hero and at the end is one ask, not two. */
export function distinctLabels(callsToAction: readonly CallToAction[]): string[] {
  const byKey = new Map<string, string>();
  for (const { label } of callsToAction) {
    const key = label
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
    if (!byKey.has(key)) byKey.set(key, label);
  }
  return [...byKey.values()];
}
