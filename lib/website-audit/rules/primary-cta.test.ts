import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkPrimaryCallToAction } from './primary-cta';

const LONG_INTRO = `<p>${'Harbor Lane Dental has cared for families on the east side since 1998. '.repeat(12)}</p>`;

describe('checkPrimaryCallToAction', () => {
  it('passes a call to action in the hero', () => {
    expect(
      checkPrimaryCallToAction(bodyPage('<h1>New patients seen this week</h1><a class="button" href="/book">Book your first visit</a><h2>Prices</h2>')),
    ).toBeNull();
  });

  it('counts a button in the header as above the fold', () => {
    expect(checkPrimaryCallToAction(bodyPage(`<header><a href="/book" class="btn-primary">Book now</a></header><h1>Welcome</h1>${LONG_INTRO}`))).toBeNull();
  });

  it('reports a page that never asks the buyer to act as critical', () => {
    expect(
      checkPrimaryCallToAction(
        bodyPage(
          '<nav><a href="/contact">Contact</a></nav><h1>Welcome</h1><p><a href="/about">Learn more about us</a></p><footer><a href="/book">Book now</a></footer>',
        ),
      ),
    ).toMatchObject({ id: 'offer.no-primary-cta', severity: 'critical', category: 'call-to-action', evidence: null });
  });

  it('reports calls to action that come only after the first section as major', () => {
    expect(
      checkPrimaryCallToAction(bodyPage('<h1>Welcome</h1><p>Family dentistry.</p><h2>Contact</h2><a href="/book">Request an appointment</a>')),
    ).toMatchObject({
      id: 'offer.cta-below-fold',
      severity: 'major',
      evidence: 'First call to action: “Request an appointment”',
    });
  });

  it('reports calls to action pushed below a screenful of text, even without a section heading', () => {
    expect(checkPrimaryCallToAction(bodyPage(`<h1>Welcome</h1>${LONG_INTRO}<p><a href="/book">Book a visit</a></p>`))?.id).toBe('offer.cta-below-fold');
  });
});
