import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { config } from '@/lib/config';
import { createMcpServer } from './mcp-server';

/**
 * Room for a tool call whose arguments exceed the API's body limit, so the operation itself answers with its 413
 * envelope as a tool error, as /v1 would; anything larger is refused by the transport before it is parsed.
 */
const ENVELOPE_ALLOWANCE = 4;

/** POST /mcp: Streamable HTTP without sessions. A fresh server and transport answer each request with plain JSON. */
export async function answerMcpRequest(request: Request): Promise<Response> {
  const server = createMcpServer(request);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
    maxRequestBodySize: ENVELOPE_ALLOWANCE * config().MAX_BODY_BYTES,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request);
  } finally {
    // In JSON mode the response is complete once handleRequest returns.
    await server.close();
  }
}

/**
 * GET would open a stream for messages the server starts, and DELETE would end a session; a stateless server has
 * neither, and the protocol's answer for both is 405.
 */
export async function refuseMcpMethod(): Promise<Response> {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this MCP server is stateless; POST JSON-RPC messages.' }, id: null }),
    {
      status: 405,
      headers: { 'content-type': 'application/json', allow: 'POST', 'cache-control': 'no-store' },
    },
  );
}
