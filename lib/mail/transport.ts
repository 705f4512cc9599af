import nodemailer from 'nodemailer';
import type { SMTPSentMessageInfo, SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type Mail from 'nodemailer/lib/mailer';
import { config } from '@/lib/config';

export type MailTransport = Mail<SMTPSentMessageInfo, SMTPTransportOptions>;

/**
 * nodemailer waits up to 2 minutes to connect and 10 minutes on an idle socket by default; a send job holding a
 * lease that long on a dead server delays every retry. These fail within seconds, and the job retries later.
 */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 30_000,
  dnsTimeout: 10_000,
} as const satisfies SMTPTransportOptions;

/** An SMTP transport for SMTP_URL, or null when no mail server is configured (messages then stay in the outbox). */
export function createMailTransport(smtpUrl: string | undefined = config().SMTP_URL, timeouts: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>> = {}): MailTransport | null {
  if (!smtpUrl) return null;
  return nodemailer.createTransport({
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    ...timeouts,
    // Stored messages carry their content inline; nothing in one may make the sender read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}
