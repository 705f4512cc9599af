import { LRUCache } from 'lru-cache';
import { processSingleton } from '@/lib/process-singleton';

/**
 * The serialized JSON of content answers (operations whose cache policy is `content`), per address and build_stamp.
 * Such an answer is a function of its address and the published content alone: its ETag is the build_stamp, and a
 * client holding it gets 304 until the stamp changes. So the bytes of a 200 are kept and sent again to the next request
 * for the same address while the stamp holds, without validating, running the use case or JSON.stringify again (for
 * /v1/services, 22 KB serialized per request was the largest cost of the route's own code). A new stamp replaces the
 * entry at its next request. Bounded in bytes, least recently used dropped first.
 */
const MAX_BYTES = 8 * 2 ** 20;

const encoder = new TextEncoder();

interface ContentAnswer {
  stamp: string;
  body: Uint8Array<ArrayBuffer>;
}

const answers = processSingleton(
  'content-answers',
  () => new LRUCache<string, ContentAnswer>({ maxSize: MAX_BYTES, sizeCalculation: (answer, key) => answer.body.byteLength + key.length }),
);

/** The key of a request: the operation and the address from its path on (the host is not part of the answer). */
export function contentAnswerKey(operationId: string, url: string): string {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  return `${operationId} ${pathStart < 0 ? '/' : url.slice(pathStart)}`;
}

/** The bytes answered for `key` under `stamp`, or undefined. */
export function heldContentAnswer(key: string, stamp: string): Uint8Array<ArrayBuffer> | undefined {
  const held = answers.get(key);
  return held?.stamp === stamp ? held.body : undefined;
}

/** Serializes `value` and keeps the bytes for `key` under `stamp` (unless they alone exceed the bound). */
export function holdContentAnswer(key: string, stamp: string, value: unknown): Uint8Array<ArrayBuffer> {
  const body = encoder.encode(JSON.stringify(value));
  if (body.byteLength + key.length <= MAX_BYTES) answers.set(key, { stamp, body });
  return body;
}

/** How many answers and bytes are held (for tests and the cache table in docs/performance.md). */
export function contentAnswersHeld(): { answers: number; bytes: number } {
  return { answers: answers.size, bytes: answers.calculatedSize };
}
