import { describe, expect, it } from 'vitest';
import { RequestValidationError } from './api-error';
import { readJsonBody } from './json-body';
import { MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH } from './json-shape-limits';

const LIMIT = 64 * 1024;
const post = (body: string) => new Request('http://localhost/v1/inquiries', { method: 'POST', body, headers: { 'content-type': 'application/json' } });

/** The 422 items readJsonBody refuses `body` with (the test fails when it accepts it). */
async function refusal(body: string) {
  const error = await readJsonBody(post(body), LIMIT).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RequestValidationError);
  return (error as RequestValidationError).items;
}

const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

describe('JSON nesting', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels`, async () => {
    expect(await readJsonBody(post(nested(MAX_JSON_DEPTH)), LIMIT)).toBeInstanceOf(Array);
  });

  it('refuses one level more as json_invalid at the byte offset of the bracket that goes too deep', async () => {
    expect(await refusal(nested(MAX_JSON_DEPTH + 1))).toEqual([
      {
        type: 'json_invalid',
        loc: ['body', MAX_JSON_DEPTH],
        msg: 'JSON decode error',
        input: {},
        ctx: { error: 'recursion limit exceeded: JSON may nest at most 32 levels' },
      },
    ]);
  });

  it('refuses 30,000 levels (which once overflowed the stack) the same way, at the same offset', async () => {
    const body = `{"buyerInputs":{"a":${nested(30_000)}}}`;
    const [item] = await refusal(body);
    expect(item).toMatchObject({ type: 'json_invalid', loc: ['body', '{"buyerInputs":{"a":'.length + MAX_JSON_DEPTH - 2] });
  });

  it('counts byte offsets in UTF-8 and ignores brackets inside strings', async () => {
    const inString = `{"note":"${'['.repeat(100)}é","x":${nested(MAX_JSON_DEPTH - 1)}}`;
    expect(await readJsonBody(post(inString), LIMIT)).toMatchObject({ note: `${'['.repeat(100)}é` });
    const [item] = await refusal(`{"é\\"[":${nested(MAX_JSON_DEPTH)}}`);
    // `{"é\"[":` is 9 bytes (é is two); its brace is level 1, so the 32nd bracket after it is the one too deep.
    expect(item!.loc).toEqual(['body', 9 + MAX_JSON_DEPTH - 1]);
  });
});

describe('JSON lists', () => {
  it(`accepts ${MAX_JSON_ARRAY_ITEMS} items`, async () => {
    const body = JSON.stringify({ items: Array(MAX_JSON_ARRAY_ITEMS).fill(0) });
    expect(await readJsonBody(post(body), LIMIT)).toEqual({ items: Array(MAX_JSON_ARRAY_ITEMS).fill(0) });
  });

  it('refuses a longer list as too_long at its location, as pydantic words it', async () => {
    const list = Array(MAX_JSON_ARRAY_ITEMS + 500).fill(1);
    expect(await refusal(JSON.stringify({ buyerInputs: { tags: [['ok'], list] } }))).toEqual([
      {
        type: 'too_long',
        loc: ['body', 'buyerInputs', 'tags', 1],
        msg: 'List should have at most 1000 items after validation, not 1500',
        input: list,
        ctx: { field_type: 'List', max_length: 1000, actual_length: 1500 },
      },
    ]);
  });

  it('refuses a top-level list too', async () => {
    const [item] = await refusal(JSON.stringify(Array(MAX_JSON_ARRAY_ITEMS + 1).fill(null)));
    expect(item).toMatchObject({ type: 'too_long', loc: ['body'], ctx: { actual_length: 1001 } });
  });
});
