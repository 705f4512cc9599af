import { formatMoney } from '@/lib/format';
import type { MailContext } from '../mail-context';
import { mailbox } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts, type Block } from './blocks';
import { composeMessage, siteLink } from './compose';
import { longTime } from './mail-time';

export interface CheckoutReceiptMailData {
  to: { name?: string | null; email: string };
  checkoutToken: string;
  serviceName: string;
  /** Major units, as the contract shows them. */
  amount: number;
  currency: string;
  paidAt: string;
  /** Set for services that deliver a report (audits): it is being prepared. */
  reportToken?: string | null;
}

/** To the buyer when a checkout completes: what they bought, what it cost, when, and where to follow it. */
export function checkoutReceipt(receipt: CheckoutReceiptMailData, context: MailContext): RenderedMessage {
  const amount = formatMoney(receipt.amount, receipt.currency);
  const blocks: Block[] = [
    { type: 'paragraph', text: `Thank you for your order. We have received your payment for ${receipt.serviceName}.` },
    facts([
      { label: 'Service', value: receipt.serviceName },
      { label: 'Amount', value: `${amount} (${receipt.currency})` },
      { label: 'Paid', value: longTime(receipt.paidAt, context.timeZone) },
    ]),
    { type: 'action', label: 'See your order', href: siteLink(context, 'checkout', receipt.checkoutToken) },
  ];
  if (receipt.reportToken) {
    blocks.push(
      { type: 'paragraph', text: 'We have started on your report. We will email you the moment it is ready, and you can follow its progress here:' },
      { type: 'action', label: 'Follow your report', href: siteLink(context, 'reports', receipt.reportToken) },
    );
  }
  blocks.push({
    type: 'paragraph',
    text: 'Keep this email. The links above are private to you: anyone who has them can see your order, so forward them only to colleagues who should.',
  });
  return composeMessage(
    {
      kind: 'checkout-receipt',
      to: mailbox(receipt.to.name, receipt.to.email),
      replyTo: context.firmInbox,
      subject: `Receipt: ${receipt.serviceName}, ${amount}`,
      preheader: `Paid ${longTime(receipt.paidAt, context.timeZone)}.`,
      greeting: receipt.to.name ? `Hello ${receipt.to.name},` : 'Hello,',
      blocks,
    },
    context,
  );
}
