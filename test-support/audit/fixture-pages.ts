import { readFileSync } from 'node:fs';
import path from 'node:path';

const FIXTURES = path.join(import.meta.dirname, './fixtures');

/** A realistic offer page under test-support/audit/fixtures. */
export function fixturePage(name: 'weak-offer' | 'good-offer'): string {
  return readFileSync(path.join(FIXTURES, `${name}.html`), 'utf8');
}
