import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { baseUrl } from './contract';

/**
 * The MCP SDK's own client over Streamable HTTP, connected to the server under test. It lists the tools at once, as
 * agents do, so that every later call's structuredContent is checked against the tool's output schema by the SDK.
 */
export async function connectMcpClient(): Promise<Client> {
  const client = new Client({ name: 'throughline-http-tests', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl()}/mcp`)));
  await client.listTools();
  return client;
}

export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The one text block every tool result carries: the API's JSON, as sent. */
export function textOf(result: CallToolResult): string {
  const [block] = result.content;
  if (result.content.length !== 1 || block?.type !== 'text') throw new Error(`expected one text block, got ${JSON.stringify(result.content)}`);
  return block.text;
}
