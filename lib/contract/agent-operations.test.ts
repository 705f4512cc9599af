import { describe, expect, it } from 'vitest';
import { accessOf, agentOperations, isAgentOperation } from './agent-operations';
import type { Operation } from './operation';
import { operations } from './operations';

const all = Object.values(operations) as Operation[];

describe('operations offered to agents', () => {
  it('are every GET and POST under /v1, and nothing else', () => {
    expect(agentOperations().map((op) => op.operationId)).toEqual(
      all.filter((op) => op.path.startsWith('/v1/') && ['GET', 'POST'].includes(op.method)).map((op) => op.operationId),
    );
    expect(isAgentOperation(operations.getRoot)).toBe(false);
    expect(isAgentOperation(operations.headRoot)).toBe(false);
    expect(isAgentOperation(operations.getHealthUnversioned)).toBe(false);
    expect(isAgentOperation(operations.getHealth)).toBe(true);
  });

  it('each say when an agent should use them', () => {
    const withoutHint = agentOperations().filter((op) => !op.agent?.hint?.trim());
    expect(
      withoutHint.map((op) => op.operationId),
      'add `agent: { hint }` to these operations in lib/contract/operations.ts',
    ).toEqual([]);
  });

  it('count GETs as reads and POSTs as writes', () => {
    expect(accessOf(operations.listServices)).toBe('read');
    expect(accessOf(operations.startCheckout)).toBe('write');
    expect(
      agentOperations()
        .filter((op) => accessOf(op) === 'write')
        .map((op) => op.operationId),
    ).toEqual(all.filter((op) => op.path.startsWith('/v1/') && op.method === 'POST').map((op) => op.operationId));
  });
});
