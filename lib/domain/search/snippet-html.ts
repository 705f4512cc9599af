import { MATCH_END, MATCH_START } from './match-sentinels';

/**
 * Turns an FTS5 snippet (plain article text, matches between MATCH_START and MATCH_END) into HTML whose
 * only markup is <mark>. Everything from the article is escaped first, so a snippet can never inject
 * markup, whatever an author typed.
 */
export function snippetToHtml(rawSnippet: string): string {
  const text = joinLines(stripMarkdownSyntax(dropForeignControlCharacters(rawSnippet)));
  return markMatches(escapeHtml(text));
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Control characters other than the two sentinels and ordinary whitespace carry nothing a reader sees. */
function dropForeignControlCharacters(text: string): string {
  return text.replace(/[\u0000\u0001\u0004-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}

/**
 * The index holds the article's Markdown; a result list should read as prose. Removes the syntax a
 * reader would otherwise see (links, emphasis, headings, quotes, list markers, tables), keeping the words.
 */
export function stripMarkdownSyntax(text: string): string {
  return (
    text
      // [words](url) → words; also a link cut at either end of the excerpt.
      .replace(/\]\([^)\s]*\)?/g, '')
      .replace(/[[\]]/g, '')
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*>[ \t]?/gm, '')
      .replace(/^[ \t]*(?:[-*+]|\d+\.)[ \t]+/gm, '')
      // Table rules (|---|:--:|), horizontal rules and cell separators.
      .replace(/^[ \t]*\|?(?:[ \t]*:?-+:?[ \t]*\|)+(?:[ \t]*:?-+:?[ \t]*)?$/gm, ' ')
      .replace(/-{3,}/g, ' ')
      .replace(/\|/g, ' ')
      .replace(/\*+|`+|(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
  );
}

/**
 * One line of prose from the excerpt's lines. A heading or list item has no full stop of its own; one is
 * added so it does not run into the next sentence.
 */
function joinLines(text: string): string {
  const lines = text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.replace(SENTINELS, '') !== '');
  return lines.map((line, index) => (index < lines.length - 1 && !ENDS_A_SENTENCE.test(line) ? `${line}.` : line)).join(' ');
}

const SENTINELS = new RegExp(`[${MATCH_START}${MATCH_END}]`, 'g');
/** Punctuation that already separates, possibly followed by closing quotes or brackets and the end of a match. */
const ENDS_A_SENTENCE = new RegExp(`[.!?:;,…]["”’')\\]${MATCH_START}${MATCH_END}]*$`);

/** Sentinels become <mark> elements, always balanced, never empty, even if the text was cut oddly. */
function markMatches(escaped: string): string {
  let html = '';
  let open = false;
  for (const char of escaped) {
    if (char === MATCH_START) {
      if (!open) html += '<mark>';
      open = true;
    } else if (char === MATCH_END) {
      if (open) html += '</mark>';
      open = false;
    } else {
      html += char;
    }
  }
  if (open) html += '</mark>';
  return html.replaceAll('<mark></mark>', '');
}

/** Whether a raw snippet contains at least one match. */
export function hasMatch(rawSnippet: string): boolean {
  return rawSnippet.includes(MATCH_START);
}
