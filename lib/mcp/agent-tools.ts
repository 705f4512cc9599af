import type { Tool, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { accessOf, agentOperations } from '@/lib/contract/agent-operations';
import type { AgentAccess } from '@/lib/contract/agent-operations';
import type { Operation } from '@/lib/contract/operation';
import { toolArgumentsOf } from './tool-arguments';
import type { ToolArguments } from './tool-arguments';
import { toolJsonSchema } from './tool-json-schema';
import { toolNameOf } from './tool-name';

/** An operation of the contract offered as an MCP tool. */
export interface AgentTool {
  name: string;
  operation: Operation;
  access: AgentAccess;
  arguments: ToolArguments;
  definition: Tool;
}

/** What the operation is, when to use it, then the contract's details (errors, rules). */
function descriptionOf(operation: Operation): string {
  return [`${operation.summary}.`, operation.agent?.hint, operation.description].filter(Boolean).join('\n\n');
}

function annotationsOf(operation: Operation): ToolAnnotations {
  const common = { title: operation.summary, openWorldHint: operation.agent?.openWorld ?? false };
  if (accessOf(operation) === 'read') return { ...common, readOnlyHint: true };
  // Each write acts again when called again, unless the caller repeats its idempotencyKey.
  return { ...common, readOnlyHint: false, destructiveHint: operation.agent?.destructive ?? false, idempotentHint: false };
}

function agentToolOf(operation: Operation): AgentTool {
  const name = toolNameOf(operation.operationId);
  const args = toolArgumentsOf(operation);
  return {
    name,
    operation,
    access: accessOf(operation),
    arguments: args,
    definition: {
      name,
      title: operation.summary,
      description: descriptionOf(operation),
      inputSchema: toolJsonSchema(args.schema, 'input'),
      outputSchema: toolJsonSchema(operation.response, 'output'),
      annotations: annotationsOf(operation),
    },
  };
}

let tools: ReadonlyMap<string, AgentTool> | undefined;

/** Every tool, built once per process from the operation table. */
export function agentTools(): ReadonlyMap<string, AgentTool> {
  tools ??= new Map(agentOperations().map((operation) => [toolNameOf(operation.operationId), agentToolOf(operation)]));
  return tools;
}
