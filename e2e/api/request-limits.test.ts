import { describe, expect, it } from 'vitest';
import { MAX_JSON_ARRAY_ITEMS, MAX_JSON_DEPTH } from '../../lib/http/json-shape-limits';
import { MAX_HEADER_BYTES, MAX_URL_BYTES } from '../../lib/http/request-limits.mjs';
import { baseUrl, post } from '../../test-support/http/contract';
import { rawExchange } from '../../test-support/http/raw-exchange';

/** Limits the web server enforces before Next (URL, headers, HTTP syntax) and the JSON body limits of the app. */

async function envelope(response: Response) {
  return { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), body: await response.json() };
}

describe('the URL', () => {
  it(`up to ${MAX_URL_BYTES} bytes reaches the app`, async () => {
    const path = '/v1/insights/search?q=';
    const response = await fetch(`${baseUrl()}${path}${'a'.repeat(MAX_URL_BYTES - path.length)}`);
    expect(response.status).toBe(200);
  });

  it('one byte longer gets 414 in the error envelope', async () => {
    const path = '/v1/insights/search?q=';
    const response = await fetch(`${baseUrl()}${path}${'a'.repeat(MAX_URL_BYTES + 1 - path.length)}`);
    expect(await envelope(response)).toEqual({
      status: 414,
      type: 'application/json',
      cache: 'no-store',
      body: { detail: `The request URL is ${MAX_URL_BYTES + 1} bytes long; this server accepts at most ${MAX_URL_BYTES}.`, code: 'URI_TOO_LONG' },
    });
  });

  it('longer than the whole head may be cannot be told from large headers by the parser: 431', async () => {
    const response = await fetch(`${baseUrl()}/v1/insights/search?q=${'a'.repeat(MAX_HEADER_BYTES)}`);
    expect((await envelope(response)).status).toBe(431);
  });
});

describe('request headers', () => {
  it(`past ${MAX_HEADER_BYTES} bytes get 431 in the error envelope, and the connection closes`, async () => {
    const response = await fetch(`${baseUrl()}/v1/services`, { headers: { 'x-padding': 'p'.repeat(MAX_HEADER_BYTES) } });
    expect(response.headers.get('connection')).toBe('close');
    expect(await envelope(response)).toEqual({
      status: 431,
      type: 'application/json',
      cache: 'no-store',
      body: { detail: `The request headers, the URL included, are larger than ${MAX_HEADER_BYTES} bytes.`, code: 'REQUEST_HEADERS_TOO_LARGE' },
    });
  });

  it('many small headers count together', async () => {
    const headers = Object.fromEntries(Array.from({ length: 2500 }, (_, index) => [`x-h${index}`, 'v'.repeat(24)]));
    expect((await fetch(`${baseUrl()}/v1/services`, { headers })).status).toBe(431);
  });

  it('below the limit they reach the app', async () => {
    const response = await fetch(`${baseUrl()}/v1/services`, { headers: { 'x-padding': 'p'.repeat(MAX_HEADER_BYTES - 1024) } });
    expect(response.status).toBe(200);
  });
});

it('a request that is not HTTP gets 400 in the error envelope', async () => {
  const answer = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
  const [head, body] = answer.split('\r\n\r\n');
  expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
  expect(head).toContain('Content-Type: application/json');
  expect(JSON.parse(body!)).toEqual({ detail: 'The request is not valid HTTP.', code: 'BAD_REQUEST' });
});

describe('JSON bodies', () => {
  const digest = `pd:${'0'.repeat(64)}`;
  const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

  it(`nested deeper than ${MAX_JSON_DEPTH} levels get 422 json_invalid, also 30,000 deep (once a 500 with no body)`, async () => {
    for (const levels of [MAX_JSON_DEPTH, 30_000]) {
      const prefix = `{"purchaseDigest":"${digest}","buyerInputs":{"a":`;
      const response = await post('/v1/services/website-offer-audit/checkout', `${prefix}${nested(levels)}}}`);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        detail: [
          {
            type: 'json_invalid',
            loc: ['body', prefix.length + MAX_JSON_DEPTH - 2],
            msg: 'JSON decode error',
            input: {},
            ctx: { error: `recursion limit exceeded: JSON may nest at most ${MAX_JSON_DEPTH} levels` },
          },
        ],
      });
    }
  });

  it(`with a list longer than ${MAX_JSON_ARRAY_ITEMS} items get 422 too_long at the list`, async () => {
    const response = await post('/v1/inquiries', { companyName: 'Lists Ltd', tags: Array(MAX_JSON_ARRAY_ITEMS + 1).fill('x') });
    expect(response.status).toBe(422);
    expect((response.body as { detail: unknown[] }).detail).toEqual([
      {
        type: 'too_long',
        loc: ['body', 'tags'],
        msg: `List should have at most ${MAX_JSON_ARRAY_ITEMS} items after validation, not ${MAX_JSON_ARRAY_ITEMS + 1}`,
        input: Array(MAX_JSON_ARRAY_ITEMS + 1).fill('x'),
        ctx: { field_type: 'List', max_length: MAX_JSON_ARRAY_ITEMS, actual_length: MAX_JSON_ARRAY_ITEMS + 1 },
      },
    ]);
  });
});
