import type { CompanyProfileBody } from '@/lib/contract/business';
import type { MailAddress } from './mailbox';
import { mailbox, parseMailbox } from './mailbox';

/** What every message says about the firm: its name in the header and its address in the footer. */
export interface FirmBranding {
  name: string;
  email: string;
  phone: string | null;
  website: string | null;
  /** "Pittsburgh, Pennsylvania, United States" */
  headquarters: string;
}

/** Everything a template needs besides its data; the same for every message rendered at one moment. */
export interface MailSettings {
  firm: FirmBranding;
  /** Public origin for links, without a trailing slash. */
  siteUrl: string;
  /** The firm's IANA zone: times are shown in it, with the zone named. */
  timeZone: string;
  from: MailAddress;
  /** Where notices to staff go. */
  firmInbox: MailAddress;
  /** Where alerts about the running site go (ALERT_EMAIL; by default the firm's inbox). */
  alertInbox: MailAddress;
  /** The render time (calendar DTSTAMP); injected so tests control the clock. */
  now: Date;
}

/** Settings plus the id of the outbox row the message will be stored in, which becomes its Message-ID. */
export interface MailContext extends MailSettings {
  outboxId: string;
}

export interface MailEnvironment {
  SITE_URL: string;
  FIRM_TIME_ZONE: string;
  MAIL_FROM?: string | undefined;
  FIRM_INBOX_EMAIL?: string | undefined;
  ALERT_EMAIL?: string | undefined;
}

/**
 * Mail settings from the company profile and the environment (`config()`): MAIL_FROM and FIRM_INBOX_EMAIL
 * default to the firm's name and contact address. Call it before opening the transaction that enqueues
 * the message, since it does no I/O itself but its inputs come from the content snapshot.
 */
export function mailSettings(profile: CompanyProfileBody, env: MailEnvironment, now = new Date()): MailSettings {
  const contactEmail = profile.contact?.email;
  if (!contactEmail && !env.MAIL_FROM) throw new Error('Set MAIL_FROM or give the company profile a contact email: mail needs a sender.');
  const from = env.MAIL_FROM ? parseMailbox(env.MAIL_FROM) : mailbox(profile.name, contactEmail!);
  const { city, state, country } = profile.headquarters;
  return {
    firm: {
      name: profile.name,
      email: contactEmail ?? from.address,
      phone: profile.contact?.phone ?? null,
      website: profile.contact?.website ?? null,
      headquarters: [city, state, country].filter(Boolean).join(', '),
    },
    siteUrl: env.SITE_URL.replace(/\/$/, ''),
    timeZone: env.FIRM_TIME_ZONE,
    from,
    firmInbox: mailbox(profile.name, env.FIRM_INBOX_EMAIL ?? contactEmail ?? from.address),
    alertInbox: mailbox(`${profile.name} site alerts`, env.ALERT_EMAIL ?? env.FIRM_INBOX_EMAIL ?? contactEmail ?? from.address),
    now,
  };
}
