import { describe, expect, it } from 'vitest';
import { get, openApiDocument } from '../../test-support/http/contract';
import { rawExchange } from '../../test-support/http/raw-exchange';

describe('requests the API refuses before any operation', () => {
  it('answers a /v1 path with an empty segment with the JSON 404, not a redirect that repeats the URL', async () => {
    const longQuery = `q=${'constraint '.repeat(1500)}`;
    const response = await get(`/v1/services//testimonials?${encodeURIComponent(longQuery)}`);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      detail: 'No operation at this path: it has an empty segment. See /openapi.json for the operations of this API.',
      code: 'NOT_FOUND',
    });
    expect(response.headers.get('location')).toBeNull();
    expect([...response.headers].reduce((size, [name, value]) => size + name.length + value.length, 0)).toBeLessThan(1024);
    expect((await get('/v1//services')).status).toBe(404);
  });

  it('answers headers over 64 KB with 431 in the JSON envelope, as the OpenAPI document says for every operation', async () => {
    const answer = await rawExchange(`GET /v1/services HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(70_000)}\r\n\r\n`);
    const [head, body] = answer.split('\r\n\r\n');
    expect(head!.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('Content-Type: application/json');
    expect(JSON.parse(body!)).toEqual({ detail: 'The request headers, the URL included, are larger than 65536 bytes.', code: 'REQUEST_HEADERS_TOO_LARGE' });
    const document = (await openApiDocument()) as unknown as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));
    expect(operations.every((operation) => '431' in operation.responses)).toBe(true);
  });
});
