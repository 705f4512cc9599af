import { config } from '@/lib/config';
import { createMailTransport, type MailTransport } from './transport';

let shared: { url: string | undefined; transport: MailTransport | null } | undefined;

/**
 * The process's transport for SMTP_URL (null when unset), made once: nodemailer's transport holds no connection
 * between messages here, but building it parses the URL and options every time.
 */
export function sharedMailTransport(): MailTransport | null {
  const url = config().SMTP_URL;
  if (!shared || shared.url !== url) shared = { url, transport: createMailTransport(url) };
  return shared.transport;
}
