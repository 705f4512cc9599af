import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkStructuredData } from './structured-data';

const withJsonLd = (...blocks: string[]) => headPage(blocks.map((block) => `<script type="application/ld+json">${block}</script>`).join(''));

describe('checkStructuredData', () => {
  it('passes valid JSON-LD', () => {
    expect(checkStructuredData(withJsonLd('{"@context":"https://schema.org","@type":"Dentist","name":"Harbor Lane Dental"}'))).toBeNull();
  });

  it('reports a page without JSON-LD', () => {
    expect(checkStructuredData(withJsonLd())).toMatchObject({ id: 'basics.json-ld-missing', severity: 'minor', evidence: null });
  });

  it('reports a block that is not valid JSON, quoting it', () => {
    expect(checkStructuredData(withJsonLd('{"@type":"Dentist"}', '{"@type":"Dentist" "name":"Harbor Lane"}'))).toMatchObject({
      id: 'basics.json-ld-invalid',
      evidence: '{"@type":"Dentist" "name":"Harbor Lane"}',
    });
  });
});
