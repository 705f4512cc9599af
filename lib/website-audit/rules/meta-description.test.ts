import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkMetaDescription, DESCRIPTION_MAX_CHARS, DESCRIPTION_MIN_CHARS } from './meta-description';

const withDescription = (content: string) => headPage(`<meta name="description" content="${content}">`);

describe('checkMetaDescription', () => {
  it('passes a description of search-result length', () => {
    expect(checkMetaDescription(withDescription('d'.repeat(DESCRIPTION_MIN_CHARS)))).toBeNull();
    expect(checkMetaDescription(withDescription('d'.repeat(DESCRIPTION_MAX_CHARS)))).toBeNull();
  });

  it('reports a missing description as minor', () => {
    expect(checkMetaDescription(headPage())).toMatchObject({
      id: 'basics.meta-description-missing',
      severity: 'minor',
      evidence: null,
    });
    expect(checkMetaDescription(withDescription(' '))?.id).toBe('basics.meta-description-missing');
  });

  it('notes a description outside the length that fits, quoting it', () => {
    expect(checkMetaDescription(withDescription('Dentist in Portland.'))).toMatchObject({
      id: 'basics.meta-description-length',
      severity: 'info',
      title: 'The meta description is very short',
      evidence: 'Dentist in Portland.',
    });
    expect(checkMetaDescription(withDescription('d'.repeat(DESCRIPTION_MAX_CHARS + 1)))?.title).toBe('The meta description is cut off in search results');
  });
});
