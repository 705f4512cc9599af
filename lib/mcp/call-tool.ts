import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { errorToResponse } from '@/lib/http/error-mapping';
import type { AgentTool } from './agent-tools';
import { handlerFor } from './operation-handlers';
import { operationCallOf } from './operation-request';
import { admitToolCall } from './rate-limit-gate';
import type { ToolCallGate } from './rate-limit-gate';
import { toolResultOf } from './tool-result';

/** Runs the operation's own /v1 route handler in-process, so validation, errors, idempotency and caching rules are the same code. */
async function runOperation(tool: AgentTool, args: Record<string, unknown>, caller: Request): Promise<Response> {
  const { request, params } = operationCallOf(tool.operation, tool.arguments, args, caller);
  return handlerFor(tool.operation.operationId)(request, { params: Promise.resolve(params) });
}

/**
 * Every MCP tool call goes through here: the rate-limit gate (as a read or a write), then the operation, then its answer
 * as a tool result. A failure anywhere becomes a tool error with the API's 500 envelope, never a broken session.
 */
export async function callTool(tool: AgentTool, args: Record<string, unknown>, caller: Request, gate: ToolCallGate = admitToolCall): Promise<CallToolResult> {
  try {
    const refused = await gate(tool.access, caller);
    return await toolResultOf(refused ?? (await runOperation(tool, args, caller)));
  } catch (error) {
    return toolResultOf(errorToResponse(error, `MCP tool ${tool.name}`));
  }
}
