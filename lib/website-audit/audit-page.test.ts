import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPage, failureReasonOf } from './audit-page';
import { SafeFetchError } from '../guarded-fetch/safe-fetch-error';
import { fixturePage } from '../../test-support/audit/fixture-pages';
import type { LocalServer } from '../../test-support/audit/local-server';
import { FIXTURE_TLS, startLocalServer } from '../../test-support/audit/local-server';

function serveHtml(response: ServerResponse, body: string) {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
}

describe('auditPage on real local pages', () => {
  let plumber: LocalServer;
  let bookkeeper: LocalServer;

  beforeAll(async () => {
    plumber = await startLocalServer((request, response) => {
      if (request.url === '/everything-inline') {
        // A page builder's export with its images inlined: 5 MB of HTML.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(fixturePage('weak-offer').replace('</body>', ''));
        return response.end(`<img alt="" src="data:image/png;base64,${'A'.repeat(5 * 1024 * 1024)}"></body></html>`);
      }
      if (request.url === '/old-home') {
        response.writeHead(301, { location: '/' });
        return response.end();
      }
      serveHtml(response, fixturePage('weak-offer'));
    });
    bookkeeper = await startLocalServer((_request, response) => serveHtml(response, fixturePage('good-offer')), { tls: true });
  });

  afterAll(async () => {
    await plumber.close();
    await bookkeeper.close();
  });

  it('finds every known defect of the weak offer page, worst first', async () => {
    const result = await auditPage(`${plumber.origin}/old-home`, { allowedHosts: [plumber.hostPort] });
    expect(result.findings.map((finding) => [finding.id, finding.severity])).toEqual([
      ['basics.not-https', 'critical'],
      ['offer.cta-below-fold', 'major'],
      ['offer.competing-ctas', 'major'],
      ['offer.no-time-frame', 'major'],
      ['offer.no-price-or-next-step', 'major'],
      ['offer.no-guarantee', 'major'],
      ['offer.no-proof', 'major'],
      ['offer.heavy-form', 'major'],
      ['basics.viewport-missing', 'major'],
      ['basics.images-missing-alt', 'major'],
      ['basics.h1-multiple', 'minor'],
      ['basics.title-length', 'minor'],
      ['basics.meta-description-missing', 'minor'],
      ['basics.canonical-missing', 'minor'],
      ['basics.lang-missing', 'minor'],
      ['basics.opengraph-missing', 'minor'],
      ['basics.json-ld-missing', 'minor'],
    ]);
    const byId = new Map(result.findings.map((finding) => [finding.id, finding]));
    expect(byId.get('offer.competing-ctas')?.evidence).toBe(
      '“View all services”, “Apply for financing”, “Download our brochure”, “Submit”, “Call 412-555-0188”, “Follow us on Facebook” and “Subscribe to our newsletter”',
    );
    expect(byId.get('offer.heavy-form')?.title).toBe('The form asks for 12 fields, 9 of them required');
    expect(byId.get('offer.cta-below-fold')?.evidence).toBe('First call to action: “View all services”');
    expect(byId.get('basics.title-length')?.evidence).toBe('Home');
    expect(byId.get('offer.no-time-frame')?.evidence).toBe('Headline: “Welcome to Sunrise Plumbing & Heating”');
    expect(byId.get('offer.heavy-form')?.evidence).toMatch(/^Form “Contact Us Today”: First Name \(required\), Last Name \(required\), Email \(required\),/);
    expect(byId.get('basics.h1-multiple')?.evidence).toBe('“Welcome to Sunrise Plumbing & Heating” and “Our Services”');
    expect(byId.get('basics.images-missing-alt')?.title).toBe('4 of 4 images have no alt text');
    expect(result.summary.counts).toEqual({ critical: 1, major: 9, minor: 7, info: 0, total: 17 });
    expect(result.page).toMatchObject({
      requestedUrl: `${plumber.origin}/old-home`,
      finalUrl: `${plumber.origin}/`,
      redirectCount: 1,
      bytes: Buffer.byteLength(fixturePage('weak-offer')),
      truncated: false,
      https: false,
    });
    expect(result.summary.page).toEqual(result.page);
    for (const finding of result.findings) expect(finding.recommendation.length).toBeGreaterThan(40);
  });

  it('raises no false critical finding on the good offer page, and passes its offer and basics checks', async () => {
    const url = `https://${FIXTURE_TLS.hostname}:${bookkeeper.port}/`;
    const result = await auditPage(url, {
      allowedHosts: [`${FIXTURE_TLS.hostname}:${bookkeeper.port}`],
      resolveHost: async () => ['127.0.0.1'],
      trustedCertificates: [FIXTURE_TLS.cert],
    });
    expect(result.findings.filter((finding) => finding.severity === 'critical')).toEqual([]);
    // Its one remark: the canonical address names the production host, not the test server's port.
    expect(result.findings.map((finding) => [finding.id, finding.severity])).toEqual([['basics.canonical-elsewhere', 'info']]);
    expect(result.summary.counts).toEqual({ critical: 0, major: 0, minor: 0, info: 1, total: 1 });
    expect(result.page).toMatchObject({ finalUrl: url, https: true, redirectCount: 0, truncated: false });
  });

  it('audits the first 2 MiB of a 5 MB page and says the page is too heavy', async () => {
    const result = await auditPage(`${plumber.origin}/everything-inline`, { allowedHosts: [plumber.hostPort] });
    expect(result.page).toMatchObject({ bytes: 2_097_152, truncated: true });
    expect(result.findings.find((finding) => finding.id === 'basics.page-weight')).toMatchObject({
      severity: 'major',
      title: 'The page’s HTML alone weighs more than 2,097 KB',
    });
    // The offer above the cut is still judged.
    expect(result.findings.map((finding) => finding.id)).toContain('offer.heavy-form');
  });

  it('throws the fetch failure with the sentence to show the buyer', async () => {
    const error = await auditPage(`${plumber.origin}/`, { allowedHosts: [] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SafeFetchError);
    expect(failureReasonOf(error, `${plumber.origin}/`)).toBe(
      `The page at ${plumber.origin}/ is served on port ${plumber.port}; we only audit pages on the standard web ports 80 and 443.`,
    );
    expect(failureReasonOf(new TypeError('boom'), 'https://ledgerline.example/')).toBe(
      'The audit of https://ledgerline.example/ stopped because of an error on our side. We have been notified and will run it again or refund the fee.',
    );
  });
});
