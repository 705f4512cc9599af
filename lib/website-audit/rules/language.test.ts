import { describe, expect, it } from 'vitest';
import { pageFrom } from '../../../test-support/audit/page-from';
import { checkLanguage } from './language';

describe('checkLanguage', () => {
  it('passes a declared language', () => {
    expect(checkLanguage(pageFrom('<html lang="en-US"><body></body></html>'))).toBeNull();
  });

  it('reports a missing or empty lang attribute', () => {
    expect(checkLanguage(pageFrom('<html><body></body></html>'))).toMatchObject({ id: 'basics.lang-missing', severity: 'minor', category: 'accessibility' });
    expect(checkLanguage(pageFrom('<html lang=""><body></body></html>'))?.id).toBe('basics.lang-missing');
  });
});
