import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_REFERENCE_BOOT_SCRIPT, renderApiReferencePage } from '@/lib/http/api-reference-page';
import { apiReferencePolicy, emailPartPolicy, pagePolicy } from './content-security-policy';
import { setsOwnPolicy } from './own-policy-documents';

describe('pagePolicy', () => {
  it('allows scripts by nonce and what they load, and nothing that markup could smuggle in', () => {
    expect(pagePolicy({ nonce: 'n0nce' })).toBe(
      "default-src 'self'; script-src 'nonce-n0nce' 'strict-dynamic'; style-src 'self' 'nonce-n0nce'; img-src 'self' data:; " +
        "font-src 'self'; connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });

  it('lets a form go to the payment provider where one posts there', () => {
    expect(pagePolicy({ nonce: 'n', formTargets: ['https://checkout.stripe.com'] })).toContain("form-action 'self' https://checkout.stripe.com;");
  });

  it('adds eval only for next dev', () => {
    expect(pagePolicy({ nonce: 'n', development: true })).toContain("script-src 'nonce-n' 'strict-dynamic' 'unsafe-eval';");
    expect(pagePolicy({ nonce: 'n' })).not.toContain('unsafe-eval');
  });
});

describe('apiReferencePolicy', () => {
  it('allows Swagger UI from the site and exactly the inline script /docs renders', () => {
    const hash = createHash('sha256').update(API_REFERENCE_BOOT_SCRIPT).digest('base64');
    expect(renderApiReferencePage('https://example.com')).toContain(`<script>${API_REFERENCE_BOOT_SCRIPT}</script>`);
    expect(apiReferencePolicy()).toBe(
      `default-src 'none'; script-src 'self' 'sha256-${hash}'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; ` +
        "font-src 'self'; connect-src 'self'; form-action 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    );
  });
});

describe('emailPartPolicy', () => {
  it("gives an email's HTML its inline styles and nothing else, sandboxed, framed only by the site", () => {
    expect(emailPartPolicy()).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'none'; object-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'self'; sandbox",
    );
  });
});

describe('setsOwnPolicy', () => {
  it.each([
    ['/docs', true],
    ['/staff/outbox/out_1/html', true],
    ['/staff/outbox/out_1', false],
    ['/staff/outbox/out_1/html/more', false],
    ['/docs/x', false],
    ['/about', false],
  ])('%s: %s', (pathname, expected) => {
    expect(setsOwnPolicy(pathname)).toBe(expected);
  });
});
