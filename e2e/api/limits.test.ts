import { describe, expect, it } from 'vitest';
import { get } from '../../test-support/http/contract';

// Spec §8: limit 1..100 (default 10) on four list endpoints, offset >= 0 on three of them.
const LIMITED = ['/v1/services', '/v1/services/constraint-snapshot/testimonials', '/v1/insights', '/v1/insights/search?q=constraint'];
const WITH_OFFSET = ['/v1/services', '/v1/insights', '/v1/insights/search?q=constraint'];
// InsightSearchResponse has no limit/offset fields, so only the other lists echo them (spec §8).
const ECHOING = ['/v1/services', '/v1/insights'];

const withParam = (path: string, param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}`;

describe.each(LIMITED)('limit on %s', (path) => {
  it('limit=0 is below the minimum', async () => {
    const response = await get(withParam(path, 'limit=0'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } }],
    });
  });

  it('limit=101 is above the maximum', async () => {
    const response = await get(withParam(path, 'limit=101'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', input: '101', ctx: { le: 100 } }],
    });
  });

  it('limit=abc is not an integer', async () => {
    const response = await get(withParam(path, 'limit=abc'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'int_parsing', loc: ['query', 'limit'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'abc' }],
    });
  });

  it('limit=2.5 is not an integer either', async () => {
    const response = await get(withParam(path, 'limit=2.5'));
    expect((response.body as { detail: { type: string }[] }).detail[0]!.type).toBe('int_parsing');
  });

  it('limit=1 and limit=100 are accepted', async () => {
    expect((await get(withParam(path, 'limit=1'))).status).toBe(200);
    expect((await get(withParam(path, 'limit=100'))).status).toBe(200);
  });
});

describe.each(WITH_OFFSET)('offset on %s', (path) => {
  it('offset=-1 is below the minimum', async () => {
    const response = await get(withParam(path, 'offset=-1'));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: [{ type: 'greater_than_equal', loc: ['query', 'offset'], msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } }],
    });
  });
});

describe.each(ECHOING)('paging echo on %s', (path) => {
  it('echoes limit and offset', async () => {
    const response = await get<{ limit: number; offset: number }>(withParam(path, 'limit=5&offset=1'));
    expect(response.body.limit).toBe(5);
    expect(response.body.offset).toBe(1);
  });
});

it('search pages with limit and offset without echoing them', async () => {
  const all = await get<{ results: { id: string }[] }>('/v1/insights/search?q=constraint&limit=100');
  const page = await get<{ results: { id: string }[] }>('/v1/insights/search?q=constraint&limit=2&offset=1');
  expect(page.body.results.map((r) => r.id)).toEqual(all.body.results.slice(1, 3).map((r) => r.id));
  expect(Object.keys(page.body).sort()).toEqual(['query', 'results', 'total']);
});

it('reports every invalid parameter at once, in declaration order', async () => {
  const response = await get('/v1/insights?featured=maybe&offset=x&limit=0');
  expect(response.body).toEqual({
    detail: [
      { type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } },
      { type: 'int_parsing', loc: ['query', 'offset'], msg: 'Input should be a valid integer, unable to parse string as an integer', input: 'x' },
      { type: 'bool_parsing', loc: ['query', 'featured'], msg: 'Input should be a valid boolean, unable to interpret input', input: 'maybe' },
    ],
  });
});
