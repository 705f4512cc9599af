import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkRedirects } from './redirects';

describe('checkRedirects', () => {
  it('passes no redirect or a single one', () => {
    expect(checkRedirects(bodyPage(''))).toBeNull();
    expect(checkRedirects(bodyPage('', { redirects: [{ url: 'http://harbor.example/', status: 301, location: 'https://harbor.example/' }] }))).toBeNull();
  });

  it('reports a chain, showing every hop', () => {
    const finding = checkRedirects(
      bodyPage('', {
        finalUrl: 'https://www.harbor.example/new-patients',
        redirects: [
          { url: 'http://harbor.example/np', status: 301, location: 'https://harbor.example/np' },
          { url: 'https://harbor.example/np', status: 302, location: 'https://www.harbor.example/new-patients' },
        ],
      }),
    );
    expect(finding).toMatchObject({
      id: 'basics.redirect-chain',
      severity: 'minor',
      title: 'The address redirects 2 times before reaching the page',
      evidence: 'http://harbor.example/np (301) → https://harbor.example/np (302) → https://www.harbor.example/new-patients',
    });
  });
});
