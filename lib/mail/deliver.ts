import type { SendMailOptions } from 'nodemailer';
import { withSpan } from '@/lib/observability/trace-context.mjs';
import { MailDeliveryError } from './delivery-error';
import { RenderedMessage } from './rendered-message';
import type { MailTransport } from './transport';

export interface DeliveryReceipt {
  messageId: string;
  /** Recipients the server accepted (RCPT TO answered 2xx). */
  accepted: string[];
  rejected: string[];
  /** The server's final reply, e.g. "250 OK: queued as …". */
  response: string;
}

/** The nodemailer message for a stored one: explicit envelope, the stored Message-ID, no header built from a string. */
function toSendMailOptions(message: RenderedMessage): SendMailOptions {
  return {
    messageId: message.messageId,
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    // The SMTP envelope names exactly the stored recipients; nothing parsed out of a header can add one.
    envelope: { from: message.from.address, to: message.to.map((recipient) => recipient.address) },
    // RFC 3834: automatic messages, so out-of-office replies are not sent back to them.
    headers: { 'Auto-Submitted': 'auto-generated' },
    // nodemailer sends the event both as the text/calendar alternative (which makes it an invitation in
    // Outlook, Gmail and Apple Mail) and as an application/ics attachment for every other client.
    icalEvent: message.calendar && {
      method: message.calendar.method,
      content: message.calendar.ics,
      filename: message.calendar.method === 'CANCEL' ? 'cancellation.ics' : 'invitation.ics',
    },
    attachments: message.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: attachment.contentBase64,
      encoding: 'base64',
    })),
  };
}

/**
 * Sends a stored message. Resolves with the server's receipt; rejects with a MailDeliveryError whose `retryable`
 * tells the send job whether to try again (with the same message, so the same Message-ID).
 */
export async function deliver(transport: MailTransport, stored: unknown): Promise<DeliveryReceipt> {
  const checked = RenderedMessage.safeParse(stored);
  if (!checked.success) {
    throw new MailDeliveryError(
      `The stored message is not valid: ${checked.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
      {
        retryable: false,
      },
    );
  }
  const message = checked.data;
  // One span per SMTP conversation; it names the kind of message, never an address.
  return withSpan('smtp send', { attributes: { 'messaging.system': 'smtp', 'mail.kind': message.kind, 'mail.recipients': message.to.length } }, async () => {
    try {
      const info = await transport.sendMail(toSendMailOptions(message));
      return { messageId: message.messageId, accepted: info.accepted ?? [], rejected: info.rejected ?? [], response: info.response ?? '' };
    } catch (error) {
      throw MailDeliveryError.fromSmtp(error);
    }
  });
}
