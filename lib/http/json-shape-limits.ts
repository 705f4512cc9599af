import type { ValidationErrorItem } from '@/lib/contract/errors';

/**
 * Caps on the shape of a JSON body, beyond its size (MAX_BODY_BYTES). No operation nests deeper than four levels or
 * takes a list longer than 20, so these are far above legitimate use. They exist because a 64 KB body can nest 30,000
 * levels deep (which overflowed the stack where a value is serialised again, a 500) or hold a 30,000-item list (one
 * 422 entry per bad item makes a response far larger than the request).
 */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_ARRAY_ITEMS = 1000;

/** The character index where an already-valid JSON text first opens a container deeper than MAX_JSON_DEPTH, or null. */
function tooDeepAt(text: string): number | null {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (inString) {
      if (char === '\\') index += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') {
      depth += 1;
      if (depth > MAX_JSON_DEPTH) return index;
    } else if (char === ']' || char === '}') depth -= 1;
  }
  return null;
}

/** The first list longer than MAX_JSON_ARRAY_ITEMS, depth first, with where it is; the value is at most MAX_JSON_DEPTH deep. */
function oversizedList(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; list: unknown[] } | null {
  if (Array.isArray(value)) {
    if (value.length > MAX_JSON_ARRAY_ITEMS) return { path, list: value };
    for (const [index, item] of value.entries()) {
      const found = oversizedList(item, [...path, index]);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = oversizedList(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/**
 * What is wrong with the shape of a parsed body, in pydantic's words: nesting too deep is `json_invalid` with
 * "recursion limit exceeded" at its byte offset (pydantic's own JSON parser reports it so), a list too long is
 * `too_long` at its location. Null when the body is within both caps.
 */
export function jsonShapeProblem(text: string, value: unknown): ValidationErrorItem | null {
  const deepAt = tooDeepAt(text);
  if (deepAt !== null) {
    return {
      type: 'json_invalid',
      loc: ['body', Buffer.byteLength(text.slice(0, deepAt))],
      msg: 'JSON decode error',
      input: {},
      ctx: { error: `recursion limit exceeded: JSON may nest at most ${MAX_JSON_DEPTH} levels` },
    };
  }
  const oversized = oversizedList(value);
  if (!oversized) return null;
  const actual = oversized.list.length;
  return {
    type: 'too_long',
    loc: ['body', ...oversized.path],
    msg: `List should have at most ${MAX_JSON_ARRAY_ITEMS} items after validation, not ${actual}`,
    input: oversized.list,
    ctx: { field_type: 'List', max_length: MAX_JSON_ARRAY_ITEMS, actual_length: actual },
  };
}
