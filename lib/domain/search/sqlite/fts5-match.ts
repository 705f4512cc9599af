import type { SearchQuery, SearchTerm } from '../search-query';

/**
 * Compiles a parsed query to an FTS5 MATCH expression. Every term is a quoted FTS5 string, so nothing
 * a visitor typed can act as FTS5 syntax; the words hold only letters and digits anyway. FTS5 runs
 * each string through the table's tokenizer (porter), so words match by stem.
 */
export function toFts5Match(query: SearchQuery): string {
  const wanted = query.include.map(ftsString).join(' AND ');
  if (query.exclude.length === 0) return wanted;
  return `(${wanted}) NOT (${query.exclude.map(ftsString).join(' OR ')})`;
}

/** `"w1 w2"` is a phrase in FTS5; a trailing `*` makes its last word a prefix. */
function ftsString(term: SearchTerm): string {
  return `"${term.words.join(' ').replaceAll('"', '""')}"${term.prefix ? '*' : ''}`;
}
