import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { calendarKeyBytes } from './secret-box-key';

/*
 * Calendar secrets (an app password, a feed's secret address) at rest: AES-256-GCM under CALENDAR_SECRET_KEY, a fresh
 * 96-bit nonce per value, and the row's id as associated data, so a ciphertext copied onto another connection's row
 * does not decrypt. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url); the version leaves room for a key rotation.
 */

const VERSION = 'v1';

export class CalendarKeyMissing extends Error {
  constructor() {
    super('CALENDAR_SECRET_KEY is not set: calendar passwords and feed addresses cannot be encrypted or read without it (see docs/configuration.md).');
    this.name = 'CalendarKeyMissing';
  }
}

function keyOf(key: string | undefined): Buffer {
  const bytes = key ? calendarKeyBytes(key) : null;
  if (!bytes) throw new CalendarKeyMissing();
  return bytes;
}

export function sealSecret(plain: string, { key, boundTo }: { key: string | undefined; boundTo: string }): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(key), nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function openSecret(sealed: string, { key, boundTo }: { key: string | undefined; boundTo: string }): string {
  const [version, nonce, tag, body] = sealed.split('.');
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('The stored calendar secret is not in a known format.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(key), Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    // Never echo the ciphertext or the key: only that they do not belong together.
    throw new Error('The stored calendar secret does not open with CALENDAR_SECRET_KEY (was the key changed?). Connect the calendar again.');
  }
}
