import type { Operation } from './operation';
import { operations } from './operations';

/** How a rate limiter counts a call: reads and writes have separate budgets. */
export type AgentAccess = 'read' | 'write';

/**
 * The rule that decides what software agents are offered: every GET and POST under /v1. HEAD and the unversioned
 * aliases (`/`, `/health`) repeat other operations. New operations in the table follow the rule without a list.
 */
export function isAgentOperation(operation: Operation): boolean {
  return operation.path.startsWith('/v1/') && (operation.method === 'GET' || operation.method === 'POST');
}

export function agentOperations(): Operation[] {
  return (Object.values(operations) as Operation[]).filter(isAgentOperation);
}

export function accessOf(operation: Operation): AgentAccess {
  return operation.method === 'GET' ? 'read' : 'write';
}
