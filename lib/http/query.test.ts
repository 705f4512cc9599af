import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { readQuery } from './query';

const Schema = z.object({ limit: z.int().default(10), featured: z.boolean().optional(), topics: z.array(z.string()).optional(), q: z.string() });

describe('readQuery', () => {
  it('coerces declared integers, booleans and repeated arrays, and ignores undeclared parameters', () => {
    const params = new URLSearchParams('limit=5&featured=YES&topics=a&topics=b&q=x&q=y&other=1');
    expect(readQuery(Schema, params)).toEqual({
      raw: { limit: '5', featured: 'YES', topics: ['a', 'b'], q: 'y' },
      coerced: { limit: 5, featured: true, topics: ['a', 'b'], q: 'y' },
    });
  });

  it('leaves what pydantic would refuse as a string, so validation reports it', () => {
    const { coerced } = readQuery(Schema, new URLSearchParams('limit=1e2&featured=maybe'));
    expect(coerced).toEqual({ limit: '1e2', featured: 'maybe' });
  });
});
