import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { FOLD_TEXT_CHARS } from './above-the-fold';
import { bodyPage } from '../../test-support/audit/page-from';

function aboveFold(body: string, selector: string): boolean {
  const page = bodyPage(body);
  return page.fold.isAboveFold(page.$(selector).get(0) as Element);
}

describe('findFold', () => {
  it('ends the first screen at the first section heading after the h1', () => {
    const body =
      '<header><a id="logo" href="/">Harbor Lane</a></header><h1>Seen this week</h1><p id="lead">Exams from $95.</p><h2 id="next">Prices</h2><p id="later">More</p>';
    expect(aboveFold(body, '#logo')).toBe(true);
    expect(aboveFold(body, '#lead')).toBe(true);
    expect(aboveFold(body, '#next')).toBe(false);
    expect(aboveFold(body, '#later')).toBe(false);
    expect(bodyPage(body).fold.text).toBe('Harbor Lane Seen this week Exams from $95.');
  });

  it(`ends it after about ${FOLD_TEXT_CHARS} characters of reading text, menus not counted`, () => {
    const menu = `<nav>${'<a href="/x">Services and pricing</a>'.repeat(40)}</nav>`;
    const paragraph = (id: string) => `<p id="${id}">${'a'.repeat(FOLD_TEXT_CHARS / 2)}</p>`;
    const body = `${menu}<h1>Welcome</h1>${paragraph('one')}${paragraph('two')}${paragraph('three')}`;
    expect(aboveFold(body, '#one')).toBe(true);
    expect(aboveFold(body, '#two')).toBe(true);
    expect(aboveFold(body, '#three')).toBe(false);
  });

  it('ignores h2s that come before the h1', () => {
    expect(aboveFold('<h2>Open Saturdays</h2><h1>Seen this week</h1><a id="cta" href="/book">Book</a>', '#cta')).toBe(true);
  });
});
