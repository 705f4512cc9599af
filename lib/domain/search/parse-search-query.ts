import { isStopWord } from './english-stop-words';
import type { SearchQuery, SearchTerm } from './search-query';
import { WORD } from './search-words';

/** Longer queries add nothing a reader meant and only cost time; words after these are ignored. */
export const MAX_QUERY_WORDS = 24;
const MAX_WORD_LENGTH = 64;
/** One typed letter would expand to most of the vocabulary; it is matched as a whole word instead. */
const MIN_PREFIX_LENGTH = 2;

/**
 * A chunk of the text: an optional leading `-` (exclusion), then a double-quoted phrase (to the closing
 * quote, or to the end while it is still being typed) or a run of characters that are neither spaces
 * nor quotes.
 */
const CHUNK = /(-*)(?:"([^"]*)("?)|([^\s"]+))/gu;
const ENDS_IN_WORD = /[\p{L}\p{M}\p{N}]$/u;

interface Candidate extends SearchTerm {
  excluded: boolean;
}

/**
 * Reads free text the way a web search box does, for any engine:
 * - words are matched whole (stemmed by the engine); only the last word of the text is a prefix, and
 *   only while it is being typed (the text ends in it) and has at least two characters;
 * - "double-quoted text" is a phrase; so is a word run together with punctuation (`s-dbr`, `t/cu`, `1=1`);
 * - a leading `-` excludes a word or a quoted phrase;
 * - English stop words do not count unless the text has nothing else; a phrase keeps them in place;
 * - everything else (operators, `%`, `_`, `*`, `(`, `:`, SQL) is punctuation, that is, a word separator.
 * Returns null when nothing is left to find: no word, or only exclusions.
 */
export function parseSearchQuery(text: string): SearchQuery | null {
  const normalized = text.normalize('NFKC').toLowerCase();
  const candidates: Candidate[] = [];
  let wordBudget = MAX_QUERY_WORDS;
  let truncated = false;

  for (const match of normalized.matchAll(CHUNK)) {
    const [whole, dashes, quoted, closingQuote, bare] = match;
    const raw = quoted ?? bare ?? '';
    const words = (raw.match(WORD) ?? []).map((word) => word.slice(0, MAX_WORD_LENGTH));
    if (words.length === 0) continue;
    if (words.length > wordBudget) {
      words.length = wordBudget;
      truncated = true;
    }
    wordBudget -= words.length;
    const beingTyped = match.index + whole.length === normalized.length && closingQuote !== '"' && ENDS_IN_WORD.test(raw);
    candidates.push({ words, prefix: beingTyped && !truncated, excluded: dashes !== '' });
    if (wordBudget === 0) break;
  }

  const last = candidates.at(-1);
  if (last && (last.excluded || !canBePrefix(last.words.at(-1)!))) last.prefix = false;

  const excluded = candidates.filter((term) => term.excluded && !onlyStopWords(term));
  const wanted = candidates.filter((term) => !term.excluded);
  const meaningful = wanted.filter((term) => !onlyStopWords(term));
  const stopWordsOnly = meaningful.length === 0;
  const include = distinct(stopWordsOnly ? wanted.map(asWholeWords) : meaningful);
  if (include.length === 0) return null;
  return { include, exclude: distinct(excluded), stopWordsOnly };
}

function onlyStopWords(term: SearchTerm): boolean {
  return term.words.every(isStopWord);
}

/** A stop word is a finished word, never the start of another: `or` must not find "order". */
function canBePrefix(word: string): boolean {
  return word.length >= MIN_PREFIX_LENGTH && !isStopWord(word);
}

function asWholeWords(term: Candidate): Candidate {
  return { ...term, prefix: false };
}

/** Each condition once; a word given both whole and as a prefix is the whole word. */
function distinct(terms: Candidate[]): SearchTerm[] {
  const byWords = new Map<string, SearchTerm>();
  for (const { words, prefix } of terms) {
    const key = words.join(' ');
    const seen = byWords.get(key);
    if (seen) seen.prefix &&= prefix;
    else byWords.set(key, { words, prefix });
  }
  return [...byWords.values()];
}
