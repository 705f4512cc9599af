import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '@/lib/contract/operation';
import { operations } from '@/lib/contract/operations';
import { toolArgumentsOf } from './tool-arguments';

const base = { method: 'POST', summary: 'Test', tag: 'Test', response: z.object({}), cache: 'live' } as const;

describe('tool arguments', () => {
  it('say where each argument of an operation goes', () => {
    const checkout = toolArgumentsOf(operations.startCheckout);
    expect(checkout).toMatchObject({ path: ['serviceId'], query: [], body: 'fields', idempotencyKey: true });
    expect(Object.keys(checkout.schema.shape)).toEqual(['serviceId', 'buyerInputs', 'purchaseDigest', 'idempotencyKey']);
    expect(toolArgumentsOf(operations.searchInsights)).toMatchObject({
      path: [],
      query: ['q', 'topics', 'limit', 'offset'],
      body: 'none',
      idempotencyKey: false,
    });
  });

  it('refuse an operation whose path and body share a name, naming both', () => {
    const clash = defineOperation({
      ...base,
      operationId: 'renameThing',
      path: '/v1/things/{name}',
      params: z.object({ name: z.string() }),
      body: z.object({ name: z.string() }),
    });
    expect(() => toolArgumentsOf(clash)).toThrow('renameThing: the tool argument "name" would come from both path and body');
  });

  it('refuse a body field called idempotencyKey on an idempotent operation', () => {
    const clash = defineOperation({ ...base, operationId: 'send', path: '/v1/send', idempotent: true, body: z.object({ idempotencyKey: z.string() }) });
    expect(() => toolArgumentsOf(clash)).toThrow('send: the tool argument "idempotencyKey" would come from both body and header');
  });

  it('take a body that is not an object whole, as `body`', () => {
    const list = defineOperation({ ...base, operationId: 'addTags', path: '/v1/tags', body: z.array(z.string()) });
    const args = toolArgumentsOf(list);
    expect(args.body).toBe('whole');
    expect(Object.keys(args.schema.shape)).toEqual(['body']);
  });
});
