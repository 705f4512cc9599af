import type { SearchQuery, SearchTerm } from '../search-query';
import type { TypedWordMatch } from '../typed-word';
import { typedAlternatives } from '../typed-word';

/**
 * Compiles a parsed query to an FTS5 MATCH expression. Every term is a quoted FTS5 string, so nothing
 * a visitor typed can act as FTS5 syntax; the words hold only letters and digits anyway. FTS5 runs
 * each string through the table's tokenizer (porter), so words match by stem. The term being typed
 * becomes what `typed` says it matches (typed-word.ts): `"evaporat"` alone would find no stem, so it is
 * `"evaporating"`, a whole word; with a prefix that the index keeps as it is, `("buf"* OR "bufferzone")`.
 */
export function toFts5Match(query: SearchQuery, typed: TypedWordMatch | null = null): string {
  const wanted = query.include.map((term) => (term.prefix && typed ? typedString(term, typed) : ftsString(term))).join(' AND ');
  if (query.exclude.length === 0) return wanted;
  return `(${wanted}) NOT (${query.exclude.map(ftsString).join(' OR ')})`;
}

/** `"w1 w2"` is a phrase in FTS5; a trailing `*` makes its last word a prefix. */
function ftsString(term: SearchTerm): string {
  return `"${term.words.join(' ').replaceAll('"', '""')}"${term.prefix ? '*' : ''}`;
}

/** The typed term's alternatives, ORed. */
function typedString(term: SearchTerm, typed: TypedWordMatch): string {
  const alternatives = typedAlternatives(term, typed).map(ftsString);
  return alternatives.length === 1 ? alternatives[0]! : `(${alternatives.join(' OR ')})`;
}
