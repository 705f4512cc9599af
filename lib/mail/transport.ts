import type { SendMailOptions } from 'nodemailer';
import type { SMTPSentMessageInfo, SMTPTransportOptions } from 'nodemailer/lib/smtp-transport';
import type Mail from 'nodemailer/lib/mailer';
import { config } from '@/lib/config';
import { lazyImport } from '@/lib/core/lazy-import';

/** What the senders use of a nodemailer transport: sending, and closing its pooled connections. */
export interface MailTransport {
  sendMail(message: SendMailOptions): Promise<SMTPSentMessageInfo>;
  close(): void;
}

/**
 * nodemailer (about 15 MiB of memory) is loaded when the first message is sent, not when a transport is made: every
 * process makes one at start-up when SMTP_URL is set, and the web process hardly ever sends.
 */
const nodemailer = lazyImport(async () => (await import('nodemailer')).default);

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

/**
 * A long-lived sender keeps up to this many connections open and sends this many messages over each before a fresh
 * one: a server's greeting (often delayed on purpose, 100 ms in smtp-server) is paid once per connection, not once
 * per message.
 */
export const SMTP_POOL = { pool: true, maxConnections: 4, maxMessages: 100 } as const;

/**
 * An SMTP transport for SMTP_URL, or null when no mail server is configured (messages then stay in the outbox).
 * `pooled` keeps connections open between messages: for the process-wide sender, not for one-off uses.
 */
export function createMailTransport(
  smtpUrl: string | undefined = config().SMTP_URL,
  timeouts: Partial<Record<keyof typeof SMTP_TIMEOUTS, number>> = {},
  { pooled = false }: { pooled?: boolean } = {},
): MailTransport | null {
  if (!smtpUrl) return null;
  const options: SMTPTransportOptions = {
    url: smtpUrl,
    ...SMTP_TIMEOUTS,
    ...timeouts,
    // Stored messages carry their content inline; nothing in one may make the sender read a file or fetch a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
  // The pool sends the same messages with the same results; its types differ only in name.
  const settings = pooled ? ({ ...options, ...SMTP_POOL } as SMTPTransportOptions) : options;
  let made: Mail<SMTPSentMessageInfo, SMTPTransportOptions> | undefined;
  const transport = lazyImport(async () => (made = (await nodemailer()).createTransport(settings)));
  return {
    sendMail: async (message) => (await transport()).sendMail(message),
    close: () => made?.close(),
  };
}
