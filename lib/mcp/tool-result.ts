import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The operation's answer as a tool result. Success: the body as `structuredContent` and, byte for byte, as text.
 * Failure: `isError` with the same body (the error envelope or the 422 detail) as text only, because MCP clients check
 * any `structuredContent` against the tool's output schema, which describes the success body.
 */
export async function toolResultOf(response: Response): Promise<CallToolResult> {
  const text = await response.text();
  const content = [{ type: 'text' as const, text }];
  if (!response.ok) return { content, isError: true };
  return { content, structuredContent: JSON.parse(text) as Record<string, unknown> };
}
