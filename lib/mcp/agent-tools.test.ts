import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { agentOperations } from '@/lib/contract/agent-operations';
import { operations } from '@/lib/contract/operations';
import { agentTools } from './agent-tools';
import { toolNameOf } from './tool-name';

const tools = [...agentTools().values()].map((t) => t.definition);
const tool = (name: string) => agentTools().get(name)!.definition;

describe('MCP tools generated from the operation table', () => {
  it('are one per agent operation, named in snake_case after its operationId', () => {
    expect(tools.map((t) => t.name)).toEqual(agentOperations().map((op) => toolNameOf(op.operationId)));
    expect(toolNameOf('listServiceFaqs')).toBe('list_service_faqs');
    expect(toolNameOf('getTocPrinciples')).toBe('get_toc_principles');
  });

  it('describe the operation, then when to use it, then the contract details', () => {
    expect(tool('get_insight').description).toBe(`Insight detail.\n\n${operations.getInsight.agent?.hint}\n\n${operations.getInsight.description}`);
    expect(tool('get_checkout').description).toBe(`Checkout status.\n\n${operations.getCheckout.agent?.hint}\n\n${operations.getCheckout.description}`);
    expect(tool('get_checkout').title).toBe('Checkout status');
  });

  it('tell the agent to hand the checkout link to a human and never to pay', () => {
    expect(tool('start_checkout').description).toContain(
      '`checkoutUrl` is a payment page for the human: give it to the person and never open it or pay yourself.',
    );
  });

  it('refer only to tools that exist when their guidance names one', () => {
    const names = new Set(tools.map((t) => t.name));
    const mentioned = tools.flatMap((t) => (t.description ?? '').replace(/`[^`]*`/g, '').match(/\b[a-z]+(?:_[a-z]+)+\b/g) ?? []);
    expect(mentioned.length).toBeGreaterThan(5);
    expect(mentioned.filter((name) => !names.has(name))).toEqual([]);
  });

  it('mark reads read-only and writes as additive, not idempotent, and open-world only where the payment provider is', () => {
    expect(tool('list_services').annotations).toEqual({ title: 'List services', readOnlyHint: true, openWorldHint: false });
    expect(tool('submit_inquiry').annotations).toEqual({
      title: 'Send a consultation inquiry',
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: false,
    });
    expect(tool('start_checkout').annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(agentTools().get(t.name)!.operation.method === 'GET');
  });

  it('take path, query and body in one object, with idempotencyKey on the writes', () => {
    expect(tool('start_checkout').inputSchema).toEqual({
      type: 'object',
      properties: {
        serviceId: { type: 'string', minLength: 1, maxLength: 200 },
        buyerInputs: {
          default: {},
          description: "An object satisfying the service's buyerInputSchema (from the service detail).",
          type: 'object',
          propertyNames: { type: 'string' },
          additionalProperties: {},
        },
        purchaseDigest: { type: 'string', pattern: '^pd:[0-9a-f]{64}$', description: 'The purchaseDigest read from the service detail, echoed back.' },
        idempotencyKey: expect.objectContaining({ type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' }),
      },
      required: ['serviceId', 'purchaseDigest'],
    });
    expect(Object.keys(tool('list_service_testimonials').inputSchema.properties ?? {})).toEqual(['serviceId', 'limit']);
    expect(tool('list_services').inputSchema.properties).not.toHaveProperty('idempotencyKey');
  });

  it('leave out body fields the contract marks read-only', () => {
    const properties = Object.keys(tool('submit_inquiry').inputSchema.properties ?? {});
    expect(properties).not.toContain('id');
    expect(properties).not.toContain('submittedAt');
    expect(properties).not.toContain('status');
    expect(properties).toContain('companyName');
  });

  it('publish schemas rooted at an object, without $schema or zod safe-integer bounds, that a draft-07 Ajv compiles', () => {
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    for (const t of tools) {
      for (const schema of [t.inputSchema, t.outputSchema!]) {
        expect(schema.type, t.name).toBe('object');
        expect(schema).not.toHaveProperty('$schema');
        expect(JSON.stringify(schema)).not.toContain(String(Number.MAX_SAFE_INTEGER));
        expect(() => ajv.compile(schema), t.name).not.toThrow();
      }
    }
    expect(tool('get_service').outputSchema).toMatchObject({
      title: 'ServiceDetail',
      required: expect.arrayContaining(['purchaseDigest', 'buyerInputSchema']),
    });
  });
});
