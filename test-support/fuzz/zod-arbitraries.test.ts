import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operations } from '@/lib/contract/operations';
import { requestsFor } from './operation-requests';
import { boundsOf, validValuesFor, valuesFor } from './zod-arbitraries';

const SEED = 20261123;

describe('boundsOf', () => {
  it('reads string, number and array bounds from the checks', () => {
    expect(boundsOf(z.string().min(2).max(10))).toEqual({ minLength: 2, maxLength: 10 });
    expect(boundsOf(z.number().int().min(1).max(100))).toEqual({ min: 1, max: 100 });
    expect(boundsOf(z.number().int().gt(0).lt(5))).toEqual({ min: 1, max: 4 });
    expect(boundsOf(z.array(z.string()).max(3))).toEqual({ maxLength: 3 });
  });
});

describe('valuesFor', () => {
  it('draws values either side of a string bound', () => {
    const lengths = new Set(
      fc
        .sample(valuesFor(z.string().max(10)), { numRuns: 400, seed: SEED })
        .filter((v) => typeof v === 'string')
        .map((v) => (v as string).length),
    );
    expect([9, 10, 11].every((length) => lengths.has(length))).toBe(true);
  });

  it('draws for the inquiry body both values the schema accepts and values it refuses', () => {
    const body = operations.submitInquiry.body!;
    const samples = fc.sample(valuesFor(body), { numRuns: 500, seed: SEED });
    const accepted = samples.filter((value) => body.safeParse(value).success).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThan(samples.length);
  });
});

describe('validValuesFor', () => {
  const inputs = Object.values(operations).flatMap((operation) =>
    (['body', 'query', 'params'] as const).flatMap((part) => (operation[part] ? [[`${operation.operationId} ${part}`, operation[part]] as const] : [])),
  );

  it.each(inputs)('draws values %s accepts (refinements aside)', (_, schema) => {
    const samples = fc.sample(validValuesFor(schema as z.ZodType), { numRuns: 200, seed: SEED });
    // Cross-field refinements (a budget's min above its max) refuse a few; the shape and bounds are always met.
    expect(samples.filter((value) => (schema as z.ZodType).safeParse(value).success).length).toBeGreaterThanOrEqual(160);
  });

  it('meets a pattern plain words do not, and a multiple', () => {
    const digests = fc.sample(validValuesFor(z.string().regex(/^pd:[0-9a-f]{64}$/)), { numRuns: 50, seed: SEED });
    expect(digests.every((digest) => /^pd:[0-9a-f]{64}$/.test(digest as string))).toBe(true);
    const durations = fc.sample(validValuesFor(z.number().int().min(15).max(120).multipleOf(15)), { numRuns: 50, seed: SEED });
    expect(durations.every((minutes) => (minutes as number) % 15 === 0 && (minutes as number) >= 15 && (minutes as number) <= 120)).toBe(true);
  });
});

describe('requestsFor', () => {
  it('keeps the method and fills every path parameter', () => {
    const requests = fc.sample(requestsFor(operations.getService, { serviceId: ['constraint-snapshot'] }), { numRuns: 200, seed: SEED });
    expect(new Set(requests.map((request) => request.method))).toEqual(new Set(['GET']));
    expect(requests.every((request) => request.path.startsWith('/v1/services/') && !request.path.includes('{'))).toBe(true);
    expect(requests.some((request) => request.path.split('?')[0] === '/v1/services/constraint-snapshot')).toBe(true);
  });

  it('sends malformed JSON to operations that take a body', () => {
    const bodies = fc.sample(requestsFor(operations.submitInquiry), { numRuns: 300, seed: SEED }).map((request) => request.body ?? '');
    const unparsable = bodies.filter((text) => {
      try {
        JSON.parse(text);
        return false;
      } catch {
        return true;
      }
    });
    expect(unparsable.length).toBeGreaterThan(0);
  });
});
