import { isStopWord } from './english-stop-words';
import type { SearchQuery, SearchTerm } from './search-query';
import { foldWord } from './search-words';

/**
 * The word being typed, for every engine. Both indexes hold stems ("evaporating" is "evapor"), and a prefix matched
 * against stems finds nothing once the typed text runs past the stem: "evaporat" begins no stem. So the typed text is
 * matched against the words as written, in a vocabulary each engine keeps beside its index (`insight_search_word`,
 * the distinct words of the indexed articles, each with the stem the index holds for it). It stands for the words it
 * begins there, and for itself as a finished word, each matched as a finished word is, with its stemmed variants:
 * "evaporat" finds what "evaporating" finds, "bottlenecks" what "bottleneck" finds (also where no article writes
 * "bottlenecks"), and "constrained" no longer finds "constraint" as the stemmed prefix "constrain*" did. Results narrow
 * letter by letter as a word is typed out, instead of vanishing past its stem and coming back at its last letter.
 *
 * Why a vocabulary and not a second, unstemmed full-text index for the typed word: the typed word must join the other
 * words in one ranked query (bm25 or ts_rank_cd over every term, one snippet marking every match, exclusions as
 * before), and a second index answers a separate set that can only be intersected with the first, ranked apart. It is
 * also large: at 10,000 articles an unstemmed FTS5 index with the same prefix indexes took 169 MB beside the stemmed
 * index's 142 MB, where the vocabulary is a table of a few thousand words (2,655 for the seed and its copies).
 *
 * What the typed text stands for is kept short, because each word named is one more list to merge. When the index
 * keeps the typed text as its own stem, `typed*` over stems still finds, through the engine's prefix index, every
 * word whose stem begins with the typed text, and only the words whose stem is shorter ("evaporating" for "evaporat")
 * are named, one per stem. Measured on SQLite at 10,000 articles, CPU per search of a word and a word being typed
 * (2.1 ms with the stemmed prefix alone): naming every word the typed text begins cost 50% more, one word per stem
 * 25 to 35%, this 5 to 15%, part of it for the articles it now finds (4% more).
 */

/**
 * At most this many vocabulary words are read for one typed word. A text that begins more is short and common ("co"),
 * a stem shorter than it is rare, and the prefix index answers alone, as it did before the vocabulary.
 */
export const MAX_TYPED_WORD_COMPLETIONS = 256;

/** A word as written in the articles (folded like the index folds it) with the stem the index holds for it. */
export interface VocabularyWord {
  word: string;
  /** null: the index holds no single term for it (a stop word PostgreSQL drops). */
  stem: string | null;
}

/** What an engine's vocabulary answers for a typed word. */
export interface TypedWordLookup {
  /** The stem the index gives the typed text itself, as it would any word (null when it has no single one). */
  typedStem: string | null;
  /** The vocabulary's words that begin with the typed text, in code-point order, at most MAX_TYPED_WORD_COMPLETIONS + 1. */
  words: VocabularyWord[];
}

/** What the typed word matches; neither a prefix nor a word: nothing, so the query finds nothing. */
export interface TypedWordMatch {
  /** Whether `typed*` over the index's stems is one of the alternatives (through the prefix index). */
  prefix: boolean;
  /** Words as written, each matched as a finished word (stemmed by the engine), one per stem. */
  words: string[];
}

/**
 * The one row each engine's vocabulary read answers (same columns on both): the stem of the typed text, and the words
 * that begin with it, with their stems, as JSON `[[word, stem], …]`.
 */
export interface VocabularyRow {
  typed_stem: string | null;
  words: string | null;
}

/** Reads a vocabulary: words from `typed` (inclusive) to `beyond` (exclusive) in code-point order, at most `limit`. */
export type VocabularyRead = (typed: string, beyond: string, limit: number) => Promise<VocabularyRow | undefined>;

/**
 * What the word being typed matches, for an engine whose vocabulary `read` reads, looked up once per parsed query: the
 * page, the count and the snippets of one search share one lookup (each search parses its text anew, so a lookup
 * never outlives its search).
 */
export function typedWordMatcher(read: VocabularyRead): (query: SearchQuery) => Promise<TypedWordMatch | null> {
  const lookups = new WeakMap<SearchQuery, Promise<TypedWordMatch | null>>();
  return (query) => {
    let lookup = lookups.get(query);
    if (!lookup) {
      lookup = matchTypedWordOf(query, read);
      lookups.set(query, lookup);
      // A failed read is not kept: the next call reads again.
      lookup.catch(() => lookups.delete(query));
    }
    return lookup;
  };
}

/**
 * What the word being typed in this query matches, looked up in the engine's vocabulary; null when no word is being
 * typed. Words compare by code point on both engines (SQLite's BINARY, PostgreSQL's "C"), so the words that begin
 * with the typed text are those from it to it followed by the last code point.
 */
export async function matchTypedWordOf(query: SearchQuery, read: VocabularyRead): Promise<TypedWordMatch | null> {
  const term = query.include.find((candidate) => candidate.prefix);
  if (!term) return null;
  const typed = foldWord(term.words.at(-1)!);
  const row = await read(typed, `${typed}\u{10FFFF}`, MAX_TYPED_WORD_COMPLETIONS + 1);
  const words = (JSON.parse(row?.words ?? '[]') as [string, string | null][]).map(([word, stem]) => ({ word, stem }));
  return matchTypedWord(typed, { typedStem: row?.typed_stem ?? null, words });
}

/** The alternatives the typed word stands for, from what the vocabulary answered. */
export function matchTypedWord(typed: string, { typedStem, words }: TypedWordLookup): TypedWordMatch {
  if (words.length > MAX_TYPED_WORD_COMPLETIONS) return { prefix: true, words: [] };
  // `typed*` is stemmed like any query word, so it means "stems beginning with the typed text" only when the index
  // leaves that text as it is ("constrained" would become "constrain*", which finds "constraint").
  const prefix = typedStem === typed;
  const oneWordPerStem = new Map<string, string>();
  // The typed text may already be a whole word whose own form no article uses ("charts" where they say "chart").
  if (!prefix && typedStem !== null) oneWordPerStem.set(typedStem, typed);
  for (const { word, stem } of words) {
    // A stop word is never the completion of another word, as it is never a prefix (parse-search-query.ts).
    if (stem === null || isStopWord(word) || oneWordPerStem.has(stem)) continue;
    oneWordPerStem.set(stem, word);
  }
  const byName = [...oneWordPerStem].filter(([stem]) => !(prefix && stem.startsWith(typed))).map(([, word]) => word);
  return { prefix, words: byName };
}

/** Whether the typed word can match anything at all: when it cannot, neither can the query. */
export function matchesSomething(match: TypedWordMatch | null): boolean {
  return match === null || match.prefix || match.words.length > 0;
}

/** The typed term as the alternatives it stands for: itself as a prefix, and the phrase ending in each word named. */
export function typedAlternatives(term: SearchTerm, typed: TypedWordMatch): SearchTerm[] {
  const alternatives = [...(typed.prefix ? [term] : []), ...typed.words.map((word) => ({ words: [...term.words.slice(0, -1), word], prefix: false }))];
  if (alternatives.length === 0) throw new Error('the typed word matches nothing, and so does the query: it needs no index');
  return alternatives;
}
