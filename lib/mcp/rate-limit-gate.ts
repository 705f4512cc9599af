import type { AgentAccess } from '@/lib/contract/agent-operations';

/** Decides whether a tool call may run now; a Response (the 429 envelope with Retry-After) refuses it. */
export type ToolCallGate = (access: AgentAccess, caller: Request) => Promise<Response | undefined>;

/**
 * The one place every MCP tool call passes before its operation runs, with its class (`read` or `write`) and the HTTP
 * request it came in on (the client's address and headers). The shared per-client limiter of reads and writes per
 * minute is consulted here once it exists; until then every call is admitted.
 */
export const admitToolCall: ToolCallGate = async () => undefined;
