/**
 * Control characters that article text does not contain. FTS5's snippet() puts them around each match;
 * snippetToHtml turns them into <mark> only after everything else has been escaped.
 */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';
