import type { CheerioAPI } from 'cheerio';
import type { AuditFinding } from '../finding';
import { quotedList } from '../finding';
import type { JsonLdBlock, ParsedPage } from '../parsed-page';
import { bodyText, textOf } from '../page-text';

/** Claims with a number in them: 212 clients, 98%, 15 years in business, 4.9 out of 5. */
export const PROOF_NUMBER_PATTERN =
  /\b\d[\d,.]*\+?\s*(?:%|percent\b|(?:happy |satisfied |local |repeat )?(?:customers|clients|homes|households|families|businesses|companies|projects|jobs|installs|installations|repairs|orders|reviews|patients|students|members|years in business|years of experience)\b)|\b\d(?:\.\d)?\s?(?:\/\s?5|out of 5|stars?)\b/i;

/** Phrases that introduce named clients or press. */
export const NAMED_CLIENTS_PATTERN =
  /\b(trusted by|clients include|customers include|as seen (?:in|on)|featured (?:in|on)|we(?:'|’)ve worked with|our clients|partners include)\b/i;

/** A quoted testimonial must say something: a rating widget's “Great!” is not proof. */
export const TESTIMONIAL_MIN_CHARS = 40;

/** Below this many kinds of proof the claims on the page rest on the seller's word. */
export const PROOF_KINDS_SUFFICIENT = 2;

function hasReviewMarkup(blocks: JsonLdBlock[]): boolean {
  return blocks.some((block) => /"@type"\s*:\s*"(Review|AggregateRating)"|"(review|aggregateRating)"\s*:/.test(block.raw));
}

function testimonialsOn($: CheerioAPI, blocks: JsonLdBlock[]): boolean {
  const quoted = $('blockquote, q, [class*="testimonial" i], [class*="review" i], [itemprop="review" i]')
    .toArray()
    .some((element) => textOf($(element)).length >= TESTIMONIAL_MIN_CHARS);
  return quoted || hasReviewMarkup(blocks);
}

function namedClientsOn($: CheerioAPI, text: string): boolean {
  return NAMED_CLIENTS_PATTERN.test(text) || $('[class*="client" i] img, [class*="logos" i] img').length > 0;
}

/** Proof: testimonials, numbers and named clients are what turn the page's promise from a claim into a fact. */
export function checkProof({ $, jsonLd }: ParsedPage): AuditFinding | null {
  const text = bodyText($);
  const kinds = [
    testimonialsOn($, jsonLd) ? 'testimonials' : null,
    PROOF_NUMBER_PATTERN.test(text) ? 'numbers' : null,
    namedClientsOn($, text) ? 'named clients' : null,
  ].filter((kind): kind is string => kind !== null);
  if (kinds.length >= PROOF_KINDS_SUFFICIENT) return null;
  if (kinds.length === 0) {
    return {
      id: 'offer.no-proof',
      category: 'proof',
      severity: 'major',
      title: 'The page offers no proof',
      detail:
        'We found no testimonials, no numbers and no named clients. Every claim on the page rests on your word alone, and a buyer who has never heard of you has no reason to take it.',
      recommendation:
        'Add two or three short testimonials with the customer’s full name, town and the result they got (“Fixed the same afternoon. — Maria Lopez, Bloomfield”), one hard number (jobs done, years, average rating), and the names or logos of clients a buyer would recognise.',
      evidence: null,
    };
  }
  return {
    id: 'offer.thin-proof',
    category: 'proof',
    severity: 'minor',
    title: 'The page leans on one kind of proof',
    detail: `We found ${quotedList(kinds)} but nothing else. Different buyers trust different evidence; one kind convinces only some of them.`,
    recommendation:
      'Add the proof that is missing: named testimonials with results, a hard number (customers served, years, rating) or clients a buyer would recognise.',
    evidence: `Proof found: ${kinds.join(', ')}.`,
  };
}
