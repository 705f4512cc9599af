import { describe, expect, it } from 'vitest';
import { buildBuyerInputSchema } from './buyer-input-schema';
import { validateBuyerInputs } from './buyer-input-validation';

const localAudit = buildBuyerInputSchema('Local audit', {
  required: ['responsibility_acknowledged'],
  accepted: ['responsibility_acknowledged', 'business_name', 'location', 'place_id', 'website_url', 'competitors'],
  requireOneOf: [['place_id'], ['business_name', 'location']],
});

describe('validateBuyerInputs', () => {
  it('accepts either identification of the business', async () => {
    expect(await validateBuyerInputs(localAudit, 'local', { responsibility_acknowledged: true, place_id: 'ChIJ123' })).toEqual([]);
    expect(await validateBuyerInputs(localAudit, 'local', { responsibility_acknowledged: true, business_name: 'A', location: 'B' })).toEqual([]);
  });

  it('reports too many competitors and a non-http website', async () => {
    const problems = await validateBuyerInputs(localAudit, 'local', {
      responsibility_acknowledged: true,
      place_id: 'ChIJ123',
      competitors: ['a', 'b', 'c', 'd'],
      website_url: 'mailto:x@y.z',
    });
    expect(problems.map((p) => [p.type, p.loc])).toEqual([
      ['url_scheme', ['body', 'buyerInputs', 'website_url']],
      ['too_long', ['body', 'buyerInputs', 'competitors']],
    ]);
  });

  it('reports a wrong type in pydantic words', async () => {
    const [problem] = await validateBuyerInputs(localAudit, 'local', { responsibility_acknowledged: 'yes', place_id: 'ChIJ123' });
    expect(problem).toEqual({
      type: 'bool_type',
      loc: ['body', 'buyerInputs', 'responsibility_acknowledged'],
      msg: 'Input should be a valid boolean',
      input: 'yes',
    });
  });
});
