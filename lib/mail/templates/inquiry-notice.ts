import type { MailContext } from '../mail-context';
import { mailbox } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts } from './blocks';
import { composeMessage, siteLink } from './compose';
import type { InquiryMailData } from './inquiry-data';
import { inquiryFacts } from './inquiry-data';
import { longTime } from './mail-time';

/** Staff read the urgency first: it decides who picks the inquiry up. */
export function urgencyTag(urgency: InquiryMailData['urgency']): string {
  return urgency ? `[${urgency.toUpperCase()}]` : '[NO URGENCY GIVEN]';
}

/** To the firm's inbox: a new inquiry, its urgency and reply-by time up front, and a link to it in the staff inbox. */
export function inquiryNotice(inquiry: InquiryMailData, context: MailContext): RenderedMessage {
  const replyBy = longTime(inquiry.estimatedResponse, context.timeZone);
  return composeMessage(
    {
      kind: 'inquiry-notice',
      to: context.firmInbox,
      // Replying goes straight to the visitor.
      replyTo: mailbox(inquiry.contactName, inquiry.email),
      subject: `${urgencyTag(inquiry.urgency)} New inquiry ${inquiry.supportTicket}: ${inquiry.companyName}`,
      preheader: `Reply due by ${replyBy}. ${inquiry.contactName}, ${inquiry.companyName}.`,
      greeting: `New inquiry from ${inquiry.contactName} at ${inquiry.companyName}.`,
      blocks: [
        {
          type: 'paragraph',
          text: `Urgency: ${inquiry.urgency ?? 'not given (treated as medium)'}. We promised a reply by ${replyBy}.`,
        },
        { type: 'action', label: 'Open it in the staff inbox', href: siteLink(context, 'staff/inquiries', inquiry.inquiryId) },
        facts(inquiryFacts(inquiry, context.timeZone)),
        { type: 'quote', label: 'Description', text: inquiry.problemDescription },
        { type: 'paragraph', text: `Replying to this email writes to ${inquiry.contactName} at ${inquiry.email}.` },
      ],
    },
    context,
  );
}
