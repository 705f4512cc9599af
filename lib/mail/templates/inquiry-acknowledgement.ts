import type { MailContext } from '../mail-context';
import { mailbox } from '../mailbox';
import type { RenderedMessage } from '../rendered-message';
import { facts, type Block } from './blocks';
import { composeMessage, siteLink } from './compose';
import type { InquiryMailData } from './inquiry-data';
import { inquiryFacts } from './inquiry-data';
import { longTime } from './mail-time';

/** Long descriptions are summarised: the visitor has the full text, and we keep it with the ticket. */
const DESCRIPTION_EXCERPT_CHARACTERS = 1_500;

function excerpt(text: string): string {
  const characters = Array.from(text.trim());
  if (characters.length <= DESCRIPTION_EXCERPT_CHARACTERS) return characters.join('');
  return `${characters.slice(0, DESCRIPTION_EXCERPT_CHARACTERS).join('').trimEnd()} […]`;
}

/** To the visitor, at once: their ticket, when they will hear from us, and what they sent. */
export function inquiryAcknowledgement(inquiry: InquiryMailData, context: MailContext): RenderedMessage {
  const replyBy = longTime(inquiry.estimatedResponse, context.timeZone);
  const critical = inquiry.urgency === 'critical';
  const blocks: Block[] = [
    {
      type: 'paragraph',
      text: `Thank you for writing to us about ${inquiry.companyName}. Your ticket number is ${inquiry.supportTicket}. Quote it when you call or write, and whoever answers will have your inquiry in front of them.`,
    },
    {
      type: 'paragraph',
      text: critical
        ? `You marked this as critical, so a partner reads it first and will contact you ${inquiry.phone ? `on ${inquiry.phone}` : `at ${inquiry.email}`} by ${replyBy}.`
        : `A consultant will read your description and reply to ${inquiry.email} by ${replyBy}.`,
    },
    { type: 'heading', text: 'What you sent us' },
    facts(inquiryFacts(inquiry, context.timeZone).filter((row) => row.label !== 'Email' && row.label !== 'Sent')),
    { type: 'quote', label: 'Your description', text: excerpt(inquiry.problemDescription) },
    {
      type: 'paragraph',
      text: 'If something has changed, or you remember a detail that matters, reply to this email and keep the ticket number in the subject.',
    },
  ];
  if (!critical) blocks.push({ type: 'action', label: 'Rather talk sooner? Book a consultation', href: siteLink(context, 'book') });

  return composeMessage(
    {
      kind: 'inquiry-acknowledgement',
      to: mailbox(inquiry.contactName, inquiry.email),
      replyTo: context.firmInbox,
      subject: `We have your inquiry (${inquiry.supportTicket})`,
      preheader: `We will reply by ${replyBy}.`,
      greeting: `Hello ${inquiry.contactName},`,
      blocks,
    },
    context,
  );
}
