import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { toValidationErrors } from './validation-errors';

function errorsOf(schema: z.ZodType, raw: unknown, source: 'query' | 'body' = 'body') {
  const result = schema.safeParse(raw);
  if (result.success) throw new Error('expected a failure');
  return toValidationErrors(result.error.issues, raw, source, schema);
}

const Body = z.object({
  companyName: z.string().min(1).max(5),
  email: z.email(),
  urgency: z.enum(['low', 'high']).optional(),
  size: z.int().min(1).max(10).optional(),
  tags: z.array(z.string()).min(1).max(2).optional(),
  when: z.iso.datetime({ offset: true }).optional(),
  agreed: z.literal(true).optional(),
});

describe('toValidationErrors (pydantic v2 shapes)', () => {
  it('reports a missing body field with its parent object as input', () => {
    const raw = { email: 'a@b.co' };
    expect(errorsOf(Body, raw)).toEqual([{ type: 'missing', loc: ['body', 'companyName'], msg: 'Field required', input: raw }]);
  });

  it('reports a body that is not an object', () => {
    expect(errorsOf(Body, [1])).toEqual([
      { type: 'model_attributes_type', loc: ['body'], msg: 'Input should be a valid dictionary or object to extract fields from', input: [1] },
    ]);
  });

  it('reports string length with ctx', () => {
    const [short] = errorsOf(Body, { companyName: '', email: 'a@b.co' });
    expect(short).toEqual({
      type: 'string_too_short',
      loc: ['body', 'companyName'],
      msg: 'String should have at least 1 character',
      input: '',
      ctx: { min_length: 1 },
    });
    const [long] = errorsOf(Body, { companyName: 'abcdefg', email: 'a@b.co' });
    expect(long).toEqual({
      type: 'string_too_long',
      loc: ['body', 'companyName'],
      msg: 'String should have at most 5 characters',
      input: 'abcdefg',
      ctx: { max_length: 5 },
    });
  });

  it('reports a malformed email as value_error with the reason', () => {
    expect(errorsOf(Body, { companyName: 'Acme', email: 'not-an-email' })).toEqual([
      {
        type: 'value_error',
        loc: ['body', 'email'],
        msg: 'value is not a valid email address: An email address must have an @-sign.',
        input: 'not-an-email',
        ctx: { reason: 'An email address must have an @-sign.' },
      },
    ]);
  });

  it('reports enums with the expected list', () => {
    expect(errorsOf(Body, { companyName: 'Acme', email: 'a@b.co', urgency: 'soon' })[0]).toEqual({
      type: 'enum',
      loc: ['body', 'urgency'],
      msg: "Input should be 'low' or 'high'",
      input: 'soon',
      ctx: { expected: "'low' or 'high'" },
    });
  });

  it('reports integers in a JSON body as int_type / int_from_float, and bounds with ge/le', () => {
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', size: 'x' })[0]).toMatchObject({ type: 'int_type', msg: 'Input should be a valid integer' });
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', size: 1.5 })[0]).toMatchObject({ type: 'int_from_float' });
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', size: 11 })[0]).toEqual({
      type: 'less_than_equal',
      loc: ['body', 'size'],
      msg: 'Input should be less than or equal to 10',
      input: 11,
      ctx: { le: 10 },
    });
  });

  it('reports list length like pydantic', () => {
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', tags: [] })[0]).toEqual({
      type: 'too_short',
      loc: ['body', 'tags'],
      msg: 'List should have at least 1 item after validation, not 0',
      input: [],
      ctx: { field_type: 'List', min_length: 1, actual_length: 0 },
    });
  });

  it('reports nested positions in loc', () => {
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', tags: ['ok', 5] })[0]).toMatchObject({ loc: ['body', 'tags', 1], type: 'string_type' });
  });

  it('reports a date-time without offset', () => {
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', when: '2026-12-01' })[0]).toMatchObject({
      type: 'datetime_from_date_parsing',
      loc: ['body', 'when'],
      input: '2026-12-01',
    });
  });

  it('reports literal true like pydantic', () => {
    expect(errorsOf(Body, { companyName: 'A', email: 'a@b.co', agreed: false })[0]).toEqual({
      type: 'literal_error',
      loc: ['body', 'agreed'],
      msg: 'Input should be True',
      input: false,
      ctx: { expected: 'True' },
    });
  });

  it('reports a missing query parameter with input null', () => {
    expect(errorsOf(z.object({ q: z.string().min(1) }), {}, 'query')).toEqual([{ type: 'missing', loc: ['query', 'q'], msg: 'Field required', input: null }]);
  });

  it('reports unknown keys of a strict object one by one', () => {
    expect(errorsOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1, c: 2 })).toEqual([
      { type: 'extra_forbidden', loc: ['body', 'b'], msg: 'Extra inputs are not permitted', input: 1 },
      { type: 'extra_forbidden', loc: ['body', 'c'], msg: 'Extra inputs are not permitted', input: 2 },
    ]);
  });
});
