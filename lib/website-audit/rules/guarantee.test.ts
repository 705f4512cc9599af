import { describe, expect, it } from 'vitest';
import { bodyPage } from '../../../test-support/audit/page-from';
import { checkGuarantee } from './guarantee';

describe('checkGuarantee', () => {
  it.each([
    'Seen within 15 minutes of your appointment time, guaranteed.',
    'If you are not happy with your whitening, we refund the full fee.',
    'Money-back promise on every crown.',
    'No obligation: the consultation costs nothing.',
    'Cancel any time before your visit.',
    'Fixed in one visit or the next one is free.',
  ])('passes a risk reversal: %s', (sentence) => {
    expect(checkGuarantee(bodyPage(`<p>${sentence}</p>`))).toBeNull();
  });

  it('reports an offer without any guarantee as major', () => {
    expect(checkGuarantee(bodyPage('<p>Customer satisfaction is our number one priority.</p>'))).toMatchObject({
      id: 'offer.no-guarantee',
      severity: 'major',
      category: 'offer',
      evidence: null,
    });
  });

  it('does not count a guarantee hidden from readers', () => {
    expect(checkGuarantee(bodyPage('<p hidden>Money-back guarantee</p><script>var guarantee = true;</script>'))?.id).toBe('offer.no-guarantee');
  });
});
