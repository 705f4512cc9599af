import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { API_VERSION } from '@/lib/contract/discovery';
import { registerAgentGuide } from './agent-guide';
import { SERVER_INSTRUCTIONS } from './agent-guide-text';
import { agentTools } from './agent-tools';
import { callTool } from './call-tool';

/**
 * The MCP server for one HTTP request (the transport is stateless). Tools are answered with the low-level handlers
 * rather than McpServer.registerTool: registerTool wants zod shapes and validates arguments itself, while these tools
 * publish JSON Schemas generated from the contract and leave validation to the operation, so errors match /v1 exactly.
 */
export function createMcpServer(caller: Request): McpServer {
  const server = new McpServer(
    { name: 'throughline-partners', title: 'Throughline Partners', version: API_VERSION },
    { capabilities: { tools: { listChanged: false } }, instructions: SERVER_INSTRUCTIONS },
  );
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...agentTools().values()].map((tool) => tool.definition) }));
  server.server.setRequestHandler(CallToolRequestSchema, ({ params }) => {
    const tool = agentTools().get(params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${params.name}`);
    return callTool(tool, params.arguments ?? {}, caller);
  });
  registerAgentGuide(server, caller);
  return server;
}
