import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkTitle, TITLE_MAX_CHARS, TITLE_MIN_CHARS } from './title';

const withTitle = (title: string) => headPage(`<title>${title}</title>`);

describe('checkTitle', () => {
  it('passes a title that names the offer within the limits', () => {
    expect(checkTitle(withTitle('Same-week cleanings in Portland | Harbor Lane Dental'))).toBeNull();
    expect(checkTitle(withTitle('x'.repeat(TITLE_MIN_CHARS)))).toBeNull();
    expect(checkTitle(withTitle('x'.repeat(TITLE_MAX_CHARS)))).toBeNull();
  });

  it('reports a missing or blank title as major', () => {
    for (const page of [headPage(), withTitle('   ')]) {
      expect(checkTitle(page)).toMatchObject({ id: 'basics.title-missing', severity: 'major', category: 'search-visibility', evidence: null });
    }
  });

  it('reports a title too short or too long, quoting it', () => {
    expect(checkTitle(withTitle('Home'))).toMatchObject({
      id: 'basics.title-length',
      severity: 'minor',
      title: 'The page title is too short to sell anything',
      evidence: 'Home',
    });
    const long = `${'Emergency dental care '.repeat(3).trim()} | Harbor Lane Dental`;
    expect(checkTitle(withTitle(long))).toMatchObject({ id: 'basics.title-length', title: 'The page title is cut off in search results', evidence: long });
    expect(checkTitle(withTitle('x'.repeat(TITLE_MIN_CHARS - 1)))?.id).toBe('basics.title-length');
    expect(checkTitle(withTitle('x'.repeat(TITLE_MAX_CHARS + 1)))?.id).toBe('basics.title-length');
  });
});
