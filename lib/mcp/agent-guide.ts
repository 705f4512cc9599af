import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { operations } from '@/lib/contract/operations';
import { config } from '@/lib/config';
import { buyForAPersonPrompt } from './agent-guide-text';
import { agentTools } from './agent-tools';
import { callTool } from './call-tool';
import { toolNameOf } from './tool-name';

/** The principles as a resource an agent can keep in context, read through the same tool call as everything else. */
function registerPrinciplesResource(server: McpServer, caller: Request): void {
  const uri = `${config().SITE_URL}${operations.getTocPrinciples.path}`;
  server.registerResource(
    'toc-principles',
    uri,
    {
      title: 'Theory of Constraints principles and tools',
      description: "The firm's principles and thinking tools, each with when to use it: context for explaining TOC or choosing a service.",
      mimeType: 'application/json',
    },
    async () => {
      const principles = agentTools().get(toolNameOf(operations.getTocPrinciples.operationId))!;
      const result = await callTool(principles, {}, caller);
      const text = result.content[0]?.type === 'text' ? result.content[0].text : '';
      if (result.isError) throw new McpError(ErrorCode.InternalError, text);
      return { contents: [{ uri, mimeType: 'application/json', text }] };
    },
  );
}

function registerBuyingPrompt(server: McpServer): void {
  server.registerPrompt(
    'buy-for-a-person',
    {
      title: 'Buy a service (such as an audit) for a person',
      description: 'Walks an agent through choosing a self-serve service, collecting the inputs from the person, and handing them the payment link.',
      argsSchema: {
        serviceId: z.string().optional().describe('The service the person wants, e.g. `website-offer-audit`; leave it out to choose together.'),
        goal: z.string().optional().describe('What the person wants to improve, in their words.'),
      },
    },
    (args) => ({ messages: [{ role: 'user', content: { type: 'text', text: buyForAPersonPrompt(args) } }] }),
  );
}

/** The resource and the prompt: small, and only what a real agent acting for a person needs. */
export function registerAgentGuide(server: McpServer, caller: Request): void {
  registerPrinciplesResource(server, caller);
  registerBuyingPrompt(server);
}
