import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/contract/operations';
import { operationCallOf } from './operation-request';
import { toolArgumentsOf } from './tool-arguments';

const caller = new Request('http://127.0.0.1:4000/mcp', {
  method: 'POST',
  headers: { 'x-forwarded-for': '203.0.113.9', 'user-agent': 'agent/1.0', cookie: 'session=secret', authorization: 'Bearer x' },
});
const callOf = (operation: Parameters<typeof toolArgumentsOf>[0], args: Record<string, unknown>) =>
  operationCallOf(operation, toolArgumentsOf(operation), args, caller);

describe('the /v1 request a tool call stands for', () => {
  it('puts path parameters in the path, encoded, and hands them to the handler decoded', async () => {
    const { request, params } = callOf(operations.getService, { serviceId: 'a b/c' });
    expect(request.method).toBe('GET');
    expect(request.url).toBe('http://127.0.0.1:4000/v1/services/a%20b%2Fc');
    expect(params).toEqual({ serviceId: 'a b/c' });
    expect(request.body).toBeNull();
  });

  it('writes query parameters as a client would: arrays repeated, numbers and booleans as text, absent ones left out', () => {
    const { request } = callOf(operations.searchInsights, { q: 'drum buffer', topics: ['buffer-management', 'dbr'], limit: 5, offset: null });
    expect(new URL(request.url).search).toBe('?q=drum+buffer&topics=buffer-management&topics=dbr&limit=5');
    expect(new URL(callOf(operations.listInsights, { featured: true }).request.url).search).toBe('?featured=true');
  });

  it('sends the other arguments as the JSON body and idempotencyKey as the header', async () => {
    const { request, params } = callOf(operations.startCheckout, {
      serviceId: 'website-offer-audit',
      purchaseDigest: 'pd:1',
      buyerInputs: { url_to_audit: 'https://example.com' },
      idempotencyKey: 'key-1',
    });
    expect(request.method).toBe('POST');
    expect(request.url).toBe('http://127.0.0.1:4000/v1/services/website-offer-audit/checkout');
    expect(params).toEqual({ serviceId: 'website-offer-audit' });
    expect(request.headers.get('idempotency-key')).toBe('key-1');
    expect(request.headers.get('content-type')).toBe('application/json');
    expect(await request.json()).toEqual({ purchaseDigest: 'pd:1', buyerInputs: { url_to_audit: 'https://example.com' } });
  });

  it("passes on the caller's address and user agent, never its credentials", () => {
    const { request } = callOf(operations.listServices, {});
    expect(request.headers.get('x-forwarded-for')).toBe('203.0.113.9');
    expect(request.headers.get('user-agent')).toBe('agent/1.0');
    expect(request.headers.get('cookie')).toBeNull();
    expect(request.headers.get('authorization')).toBeNull();
  });

  it('leaves a missing path parameter empty for the handler to report', () => {
    const { request, params } = callOf(operations.getCheckout, {});
    expect(new URL(request.url).pathname).toBe('/v1/checkout/');
    expect(params).toEqual({ token: undefined });
  });
});
