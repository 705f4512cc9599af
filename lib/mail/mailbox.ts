import addressparser from 'nodemailer/lib/addressparser';
import { z } from 'zod';
import { headerText } from './header-text';

/** One mailbox as nodemailer takes it: never a string that nodemailer would have to parse. */
export interface MailAddress {
  name: string;
  address: string;
}

/** An address that is not exactly one valid mailbox: refused rather than repaired. */
export class UnsafeAddressError extends Error {
  constructor(readonly value: string) {
    super(`Not a single valid email address: ${JSON.stringify(value.slice(0, 100))}`);
    this.name = 'UnsafeAddressError';
  }
}

// The same rule as the contract's `email` fields, so every address the API accepts can be mailed. It admits no
// spaces, commas, angle brackets or control characters, so one string can never name two recipients.
const Email = z.email().max(254);

export function isValidEmail(address: string): boolean {
  return Email.safeParse(address).success;
}

/** A mailbox from a (visitor-supplied) name and address: the name is made one safe line, the address checked. */
export function mailbox(name: string | null | undefined, address: string): MailAddress {
  if (!isValidEmail(address)) throw new UnsafeAddressError(address);
  return { name: headerText(name ?? ''), address };
}

/** `Name <address>` or a bare address (for MAIL_FROM); anything else, groups and lists included, is refused. */
export function parseMailbox(value: string): MailAddress {
  const parsed = addressparser(value);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || only.group || !only.address) throw new UnsafeAddressError(value);
  return mailbox(only.name, only.address);
}

export function isSingleMailbox(value: string): boolean {
  try {
    parseMailbox(value);
    return true;
  } catch {
    return false;
  }
}
