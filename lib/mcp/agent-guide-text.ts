import { operations } from '@/lib/contract/operations';
import { toolNameOf } from './tool-name';

/** Names of the tools the guide refers to, from the table, so a renamed operation cannot leave the guide stale. */
const tool = (operation: { operationId: string }) => `\`${toolNameOf(operation.operationId)}\``;

export const SERVER_INSTRUCTIONS =
  'Throughline Partners is a Theory of Constraints consulting firm. These tools are its public /v1 API, and each returns ' +
  'exactly what the API returns. Read the catalogue, articles and principles freely; send an inquiry, book or start a ' +
  'checkout only when a person asks you to, with details they gave you. A `checkoutUrl` is a payment page for a human: ' +
  'hand it over and never pay yourself. Prices and offers are live: read them again before quoting them later.';

export function buyForAPersonPrompt({ serviceId, goal }: { serviceId?: string; goal?: string }): string {
  const what = serviceId ? `the service \`${serviceId}\`` : "one of Throughline Partners' self-serve services (an audit, for example)";
  return [
    `Help me buy ${what} from Throughline Partners.${goal ? ` What I want to improve: ${goal}` : ''}`,
    '',
    'Use the tools of this server in this order:',
    `1. ${tool(operations.listServices)} (or ${tool(operations.searchInsights)} about my problem) to find a service. Only services whose ` +
      `\`ctaType\` is \`stripe\` are bought here; for a \`calendar\` service offer me ${tool(operations.getAvailability)} and ` +
      `${tool(operations.bookConsultation)} instead.`,
    `2. ${tool(operations.getService)} for the chosen service: tell me its price, timeline and deliverables, and keep its ` +
      '`purchaseDigest` and `buyerInputSchema`.',
    '3. Ask me for every input that `buyerInputSchema` requires; never fill one in yourself. Read any acknowledgement (such as ' +
      '`responsibility_acknowledged`) to me and send it only if I agree.',
    `4. ${tool(operations.startCheckout)} with the service id, the \`purchaseDigest\`, my \`buyerInputs\` and a new \`idempotencyKey\` ` +
      '(the same key again if you retry after a timeout). On 409 `OFFER_CHANGED` the offer changed: read the service again, tell ' +
      'me what changed, and retry with the new `purchaseDigest` only if I still want it. A 422 names the wrong input in `loc`: ' +
      'ask me to correct it.',
    '5. Give me the `checkoutUrl` and say it is valid for 24 hours. Never open it, fill it in or pay: paying is for me to do.',
    `6. When I say I have paid, ${tool(operations.getCheckout)} with the token shows \`complete\`; for an audit, ` +
      `${tool(operations.getReport)} with the token in \`reportUrl\` shows when the report is ready.`,
  ].join('\n');
}
