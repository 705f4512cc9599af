import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkPriceOrNextStep, PRICE_PATTERN } from './price-or-next-step';

describe('checkPriceOrNextStep', () => {
  it.each(['$95', '$ 1,200', '£89.50', '€1.450,00', '450 USD', '120 dollars'])('recognises %s as a price', (price) => {
    expect(PRICE_PATTERN.test(`New-patient exam: ${price}`)).toBe(true);
  });

  it('passes a page that states a price', () => {
    expect(checkPriceOrNextStep(bodyPage('<p>New-patient exam and cleaning: $149, X-rays included.</p>'))).toBeNull();
  });

  it('reports a next step without a price as minor', () => {
    expect(checkPriceOrNextStep(bodyPage('<h2>What happens next</h2><p>We’ll call you within one business day.</p>'))).toMatchObject({
      id: 'offer.price-hidden',
      severity: 'minor',
      category: 'offer',
    });
  });

  it('reports neither price nor next step as major', () => {
    expect(checkPriceOrNextStep(bodyPage('<p>Call us for a quote. Family dentistry since 1998.</p>'))).toMatchObject({
      id: 'offer.no-price-or-next-step',
      severity: 'major',
      evidence: null,
    });
  });
});
