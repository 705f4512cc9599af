import { config } from '@/lib/config';
import { createMailTransport, type MailTransport } from './transport';

let shared: { url: string | undefined; transport: MailTransport | null } | undefined;

/**
 * The process's transport for SMTP_URL (null when unset), made once and pooled: the job runner sends every message
 * through it, over connections it keeps open, so a message does not wait for a new connection and greeting.
 */
export function sharedMailTransport(): MailTransport | null {
  const url = config().SMTP_URL;
  if (!shared || shared.url !== url) {
    shared?.transport?.close();
    shared = { url, transport: createMailTransport(url, {}, { pooled: true }) };
  }
  return shared.transport;
}
