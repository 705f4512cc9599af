import { describe, expect, it } from 'vitest';
import { bodyPage, pageFrom } from '../../../test-support/audit/page-from';
import { checkProof } from './proof';

const TESTIMONIAL = '<blockquote>They fitted me in the same afternoon and the crown still feels perfect. — Ana Ruiz, Sellwood</blockquote>';
const NUMBERS = '<p>4,100 patients treated, rated 4.8 out of 5.</p>';
const CLIENTS = '<p>Trusted by the staff of Providence Portland and OHSU.</p>';

describe('checkProof', () => {
  it('passes two or more kinds of proof', () => {
    expect(checkProof(bodyPage(TESTIMONIAL + NUMBERS))).toBeNull();
    expect(checkProof(bodyPage(NUMBERS + CLIENTS))).toBeNull();
  });

  it('counts review markup and client logos', () => {
    const withRating = pageFrom(
      '<html><head><script type="application/ld+json">{"@type":"Dentist","aggregateRating":{"@type":"AggregateRating","ratingValue":"4.8"}}</script></head>' +
        '<body><div class="client-logos"><img src="/ohsu.svg" alt="OHSU"></div></body></html>',
    );
    expect(checkProof(withRating)).toBeNull();
  });

  it('reports one kind of proof as thin', () => {
    expect(checkProof(bodyPage(TESTIMONIAL))).toMatchObject({
      id: 'offer.thin-proof',
      severity: 'minor',
      category: 'proof',
      evidence: 'Proof found: testimonials.',
    });
  });

  it('reports a page without proof as major', () => {
    expect(checkProof(bodyPage('<blockquote>Great!</blockquote><p>We are a caring team serving Portland since 1998.</p>'))).toMatchObject({
      id: 'offer.no-proof',
      severity: 'major',
    });
  });
});
