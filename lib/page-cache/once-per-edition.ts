import { processSingleton } from '@/lib/process-singleton';

const rendered = processSingleton('rendered-per-edition', () => new Map<string, { stamp: string; value: unknown }>());

/**
 * `render()` at most once per content edition (`stamp`) for `name`, for answers built from the whole published
 * content (the sitemap, the feed, /llms.txt): every other request of the edition gets the same text.
 */
export function oncePerEdition<T>(name: string, stamp: string, render: () => T): T {
  const held = rendered.get(name);
  if (held?.stamp === stamp) return held.value as T;
  const value = render();
  rendered.set(name, { stamp, value });
  return value;
}
