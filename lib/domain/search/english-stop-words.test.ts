import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGLISH_STOP_WORDS } from './english-stop-words';

/** PostgreSQL's own copy of the list, where a PostgreSQL server is installed (Debian's layout). */
function installedPostgresStopWords(): string[] | null {
  const root = '/usr/share/postgresql';
  if (!existsSync(root)) return null;
  for (const version of readdirSync(root)) {
    const file = path.join(root, version, 'tsearch_data', 'english.stop');
    if (existsSync(file)) return readFileSync(file, 'utf8').split('\n').filter(Boolean);
  }
  return null;
}

describe('English stop words', () => {
  it('are the 127 words of the Snowball list, lower case', () => {
    expect(ENGLISH_STOP_WORDS.size).toBe(127);
    for (const word of ['the', 'or', 'of', 'not', 'don', 't', 'should']) expect(ENGLISH_STOP_WORDS.has(word)).toBe(true);
    for (const word of ['constraint', 'drum', 'order', 'one']) expect(ENGLISH_STOP_WORDS.has(word)).toBe(false);
  });

  const installed = installedPostgresStopWords();
  it.skipIf(installed === null)("equal PostgreSQL's english.stop word for word", () => {
    expect([...ENGLISH_STOP_WORDS].sort()).toEqual([...installed!].sort());
  });
});
