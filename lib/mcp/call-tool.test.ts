import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { agentTools } from './agent-tools';
import { callTool } from './call-tool';

const caller = new Request('http://127.0.0.1:4000/mcp', { method: 'POST', headers: { 'x-forwarded-for': '203.0.113.9' } });
const tool = (name: string) => agentTools().get(name)!;
const textOf = (result: Awaited<ReturnType<typeof callTool>>) => (result.content[0] as { text: string }).text;

const inquiry = {
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email: 'rosa@allegheny.example',
  problemDescription: 'Heat treat runs overtime while assembly waits.',
};

describe('callTool on a real database', () => {
  it('answers with the body as structured content and, byte for byte, as text', async () => {
    const result = await callTool(tool('list_service_categories'), {}, caller);
    expect(result.isError).toBeUndefined();
    expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
    expect((result.structuredContent as { total: number }).total).toBe(3);
  });

  it("turns the API's errors into tool errors carrying the same body, without structured content", async () => {
    const missing = await callTool(tool('get_insight'), { insightId: 'no-such-insight' }, caller);
    expect(missing).toEqual({
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ detail: "Insight 'no-such-insight' was not found.", code: 'NOT_FOUND' }) }],
    });
    const invalid = await callTool(tool('list_services'), { limit: 101 }, caller);
    expect(invalid.isError).toBe(true);
    expect(JSON.parse(textOf(invalid))).toEqual({
      detail: [{ type: 'less_than_equal', loc: ['query', 'limit'], msg: 'Input should be less than or equal to 100', input: '101', ctx: { le: 100 } }],
    });
  });

  it('replays a write repeated with the same idempotencyKey instead of acting twice', async () => {
    const before = await db.inquiry.count();
    const first = await callTool(tool('submit_inquiry'), { ...inquiry, idempotencyKey: 'mcp-unit-1' }, caller);
    const again = await callTool(tool('submit_inquiry'), { ...inquiry, idempotencyKey: 'mcp-unit-1' }, caller);
    expect(first.isError).toBeUndefined();
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(await db.inquiry.count()).toBe(before + 1);
  });

  it('reports a failure of its own as the 500 envelope, not as a broken session', async () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    // An operation whose route handler is missing from the build: our fault, not the agent's.
    const unbound = { ...tool('list_services'), operation: { ...tool('list_services').operation, operationId: 'notBuilt' } };
    const result = await callTool(unbound, {}, caller);
    quiet.mockRestore();
    expect(result).toEqual({
      isError: true,
      content: [{ type: 'text', text: JSON.stringify({ detail: 'The server could not complete the request. Please try again.', code: 'INTERNAL_ERROR' }) }],
    });
  });
});
