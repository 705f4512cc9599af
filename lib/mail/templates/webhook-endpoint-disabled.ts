import type { MailContext } from '../mail-context';
import type { MailAddress } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import { composeMessage, siteLink } from './compose';

export interface WebhookEndpointDisabledMailData {
  /** The admin it goes to. */
  to: MailAddress;
  endpointId: string;
  url: string;
  description: string;
  /** Why it was disabled, as the staff page says it. */
  reason: string;
}

/** To each admin: an endpoint stopped receiving webhooks (it answered 410, or failed for 5 days), and how to bring it back. */
export function webhookEndpointDisabled(endpoint: WebhookEndpointDisabledMailData, context: MailContext): RenderedMessage {
  return composeMessage(
    {
      kind: 'webhook-endpoint-disabled',
      to: endpoint.to,
      subject: `[WEBHOOKS] Endpoint disabled: ${endpoint.description || endpoint.url}`,
      preheader: endpoint.reason,
      greeting: 'A webhook endpoint was disabled.',
      blocks: [
        { type: 'paragraph', text: endpoint.reason },
        facts([
          { label: 'Endpoint', value: endpoint.url },
          { label: 'Description', value: endpoint.description },
        ]),
        {
          type: 'paragraph',
          text: 'Nothing is sent to it until an admin enables it again. Once enabled, it offers to send the events it missed.',
        },
        { type: 'action', label: 'Open it in the staff area', href: siteLink(context, 'staff/webhooks', endpoint.endpointId) },
      ],
    },
    context,
  );
}
