import { randomBytes } from 'node:crypto';

/** An unguessable public token: `bytes` random bytes (32 = 256 bits), base64url. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** An opaque record id with a readable prefix, e.g. `inq_…`; 128 random bits. */
export function opaqueId(prefix: string): string {
  return `${prefix}_${randomToken(16)}`;
}
