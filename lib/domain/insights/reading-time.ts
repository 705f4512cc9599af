/** Adult silent-reading speed for non-fiction; a common basis for "n min read". */
const WORDS_PER_MINUTE = 230;

export function countWords(markdown: string): number {
  return markdown.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
}

export function readingTimeMinutes(markdown: string): number {
  return Math.max(1, Math.ceil(countWords(markdown) / WORDS_PER_MINUTE));
}
