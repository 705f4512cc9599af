import { describe, expect, it } from 'vitest';
import { headPage } from '../../../test-support/audit/page-from';
import { checkCanonical } from './canonical';

const FINAL = 'https://harbor-lane-dental.example/new-patients';
const withCanonical = (href: string) => headPage(`<link rel="canonical" href="${href}">`, { finalUrl: FINAL });

describe('checkCanonical', () => {
  it('passes a canonical link to the page itself, with or without a trailing slash, absolute or relative', () => {
    expect(checkCanonical(withCanonical(FINAL))).toBeNull();
    expect(checkCanonical(withCanonical(`${FINAL}/`))).toBeNull();
    expect(checkCanonical(withCanonical('/new-patients'))).toBeNull();
  });

  it('reports a missing canonical link, suggesting the page address', () => {
    const finding = checkCanonical(headPage('', { finalUrl: `${FINAL}?utm_source=flyer` }));
    expect(finding).toMatchObject({ id: 'basics.canonical-missing', severity: 'minor', evidence: null });
    expect(finding?.recommendation).toContain(FINAL);
  });

  it('notes a canonical link to another page', () => {
    expect(checkCanonical(withCanonical('https://harbor-lane-dental.example/'))).toMatchObject({
      id: 'basics.canonical-elsewhere',
      severity: 'info',
      evidence: 'https://harbor-lane-dental.example/',
    });
  });

  it('reports a canonical link that is not an address', () => {
    expect(checkCanonical(withCanonical('https://exa mple.com:99999/'))).toMatchObject({ id: 'basics.canonical-invalid', severity: 'minor' });
  });
});
