import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_INSTRUCTIONS, buyForAPersonPrompt } from '@/lib/mcp/agent-guide-text';
import { baseUrl, get, post } from '../../test-support/http/contract';
import type { ApiResponse } from '../../test-support/http/contract';
import { callTool, connectMcpClient, textOf } from '../../test-support/http/mcp';

let client: Client;
beforeAll(async () => {
  client = await connectMcpClient();
});
afterAll(() => client.close());

/** The tool fails as /v1 fails for the same input: `isError`, and the very same error body as its only content. */
async function expectSameError(name: string, args: Record<string, unknown>, api: () => Promise<ApiResponse>, status: number) {
  const result = await callTool(client, name, args);
  const response = await api();
  expect(response.status).toBe(status);
  expect(result.isError).toBe(true);
  expect(result.structuredContent).toBeUndefined();
  expect(JSON.parse(textOf(result))).toEqual(response.body);
  expect(textOf(result)).toBe(response.text);
  return response.body as Record<string, unknown>;
}

const stale = `pd:${'0'.repeat(64)}`;

describe('MCP tool errors are /v1 errors', () => {
  it('404 for an unknown id', async () => {
    const body = await expectSameError('get_service', { serviceId: 'no-such-service' }, () => get('/v1/services/no-such-service'), 404);
    expect(body).toEqual({ detail: "Service 'no-such-service' was not found.", code: 'NOT_FOUND' });
  });

  it('409 OFFER_CHANGED with the current purchaseDigest for a digest read before the offer changed', async () => {
    const { body: detail } = await get<{ purchaseDigest: string }>('/v1/services/constraint-snapshot');
    const body = await expectSameError(
      'start_checkout',
      { serviceId: 'constraint-snapshot', purchaseDigest: stale },
      () => post('/v1/services/constraint-snapshot/checkout', { purchaseDigest: stale }),
      409,
    );
    expect(body).toMatchObject({ code: 'OFFER_CHANGED', purchaseDigest: detail.purchaseDigest });
  });

  it('409 CHECKOUT_NOT_AVAILABLE for a human-led service', async () => {
    const { body: detail } = await get<{ purchaseDigest: string }>('/v1/services/dbr-implementation');
    const body = await expectSameError(
      'start_checkout',
      { serviceId: 'dbr-implementation', purchaseDigest: detail.purchaseDigest },
      () => post('/v1/services/dbr-implementation/checkout', { purchaseDigest: detail.purchaseDigest }),
      409,
    );
    expect(body.code).toBe('CHECKOUT_NOT_AVAILABLE');
  });

  it('422 with the same pydantic detail, for query, path and body alike', async () => {
    const query = await expectSameError('list_services', { limit: 0, offset: -1 }, () => get('/v1/services?limit=0&offset=-1'), 422);
    expect(query).toEqual({
      detail: [
        { type: 'greater_than_equal', loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', input: '0', ctx: { ge: 1 } },
        { type: 'greater_than_equal', loc: ['query', 'offset'], msg: 'Input should be greater than or equal to 0', input: '-1', ctx: { ge: 0 } },
      ],
    });
    const inquiry = { companyName: 'Ridgeline', contactName: '', email: 'sam@', problemDescription: 'Too much WIP.' };
    const body = await expectSameError('submit_inquiry', inquiry, () => post('/v1/inquiries', inquiry), 422);
    expect((body.detail as { loc: unknown[] }[]).map((item) => item.loc)).toEqual([
      ['body', 'contactName'],
      ['body', 'email'],
    ]);
    await expectSameError('search_insights', {}, () => get('/v1/insights/search'), 422);
  });

  it('422 for an idempotencyKey the header would refuse', async () => {
    const inquiry = { companyName: 'Ridgeline', contactName: 'Sam', email: 'sam@ridgeline.example', problemDescription: 'Too much WIP.' };
    const body = await expectSameError(
      'submit_inquiry',
      { ...inquiry, idempotencyKey: 'has space' },
      () => post('/v1/inquiries', inquiry, { 'idempotency-key': 'has space' }),
      422,
    );
    expect(body).toMatchObject({ detail: [{ type: 'string_pattern_mismatch', loc: ['header', 'Idempotency-Key'], input: 'has space' }] });
  });

  it('413 for a body over the limit, as the tool error, not a failed request', async () => {
    const inquiry = { companyName: 'Ridgeline', contactName: 'Sam', email: 'sam@ridgeline.example', problemDescription: 'x'.repeat(70_000) };
    const body = await expectSameError('submit_inquiry', inquiry, () => post('/v1/inquiries', inquiry), 413);
    expect(body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('never break the session: an unknown tool is a protocol error, and the same client carries on', async () => {
    const unknown = await client.callTool({ name: 'pay_for_checkout', arguments: {} }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(McpError);
    expect((unknown as McpError).code).toBe(ErrorCode.InvalidParams);
    const after = await callTool(client, 'get_business_profile');
    expect(after.isError).toBeUndefined();
    expect(after.structuredContent).toEqual((await get('/v1/business')).body);
  });
});

describe('the rest of the MCP server', () => {
  it('introduces itself with instructions for agents', () => {
    expect(client.getServerVersion()).toMatchObject({ name: 'throughline-partners', title: 'Throughline Partners' });
    expect(client.getInstructions()).toBe(SERVER_INSTRUCTIONS);
  });

  it('offers the TOC principles as a resource with the bytes /v1 sends', async () => {
    const uri = `${baseUrl()}/v1/knowledge/toc-principles`;
    const { resources } = await client.listResources();
    expect(resources).toEqual([expect.objectContaining({ uri, name: 'toc-principles', mimeType: 'application/json' })]);
    const { contents } = await client.readResource({ uri });
    expect(contents).toEqual([{ uri, mimeType: 'application/json', text: (await get('/v1/knowledge/toc-principles')).text }]);
  });

  it('offers a prompt that walks an agent through buying for a person', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => [p.name, p.arguments?.map((a) => a.name)])).toEqual([['buy-for-a-person', ['serviceId', 'goal']]]);
    const prompt = await client.getPrompt({ name: 'buy-for-a-person', arguments: { serviceId: 'website-offer-audit' } });
    const text = buyForAPersonPrompt({ serviceId: 'website-offer-audit' });
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text } }]);
    expect(text).toContain('`start_checkout` with the service id');
    expect(text).toContain('Never open it, fill it in or pay');
  });

  it('answers GET and DELETE with 405, as a server without sessions or server-sent streams must', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${baseUrl()}/mcp`, { method, headers: { accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    }
  });
});
