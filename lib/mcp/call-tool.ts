import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorToResponse } from '@/lib/http/error-mapping';
import type { AgentTool } from './agent-tools';
import { handlerFor } from './operation-handlers';
import { operationCallOf } from './operation-request';
import { toolResultOf } from './tool-result';

/**
 * Runs the operation's own /v1 route handler in-process, so validation, errors, idempotency, caching rules and the
 * rate limit (counted as the read or write it is, for the client the web server resolved) are the same code.
 */
async function runOperation(tool: AgentTool, args: Record<string, unknown>, caller: Request): Promise<Response> {
  const { request, params } = operationCallOf(tool.operation, tool.arguments, args, caller);
  return handlerFor(tool.operation.operationId)(request, { params: Promise.resolve(params) });
}

/**
 * Every MCP tool call goes through here: the operation, then its answer as a tool result. A failure anywhere becomes a
 * tool error with the API's 500 envelope, never a broken session.
 */
export async function callTool(tool: AgentTool, args: Record<string, unknown>, caller: Request): Promise<CallToolResult> {
  try {
    return await toolResultOf(await runOperation(tool, args, caller));
  } catch (error) {
    return toolResultOf(errorToResponse(error, `MCP tool ${tool.name}`));
  }
}
