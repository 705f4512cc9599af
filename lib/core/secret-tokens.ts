import { createHash, timingSafeEqual } from 'node:crypto';
import { randomToken } from './tokens';

/**
 * Secret tokens that open a record to whoever holds the link: checkouts, reports, booking management, preview links.
 * Each is 256 random bits (base64url, 43 characters). The record stores the sha256 of its token and is found by that
 * digest, never by the token: the database's index comparison then depends on how much of the *digest* matches, which
 * a guesser cannot steer, so the time of a lookup tells nothing about how close a guess is. The final check compares
 * whole digests in constant time (and catches an engine whose comparison is looser than byte equality, such as a
 * case-insensitive collation).
 */
export const SECRET_TOKEN_BYTES = 32;

/** sha256 (hex) of a token as given; any string, of any length, takes the same path. */
export function secretTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new token and the digest to store beside (or instead of) it. */
export function newSecretToken(): { token: string; digest: string } {
  const token = randomToken(SECRET_TOKEN_BYTES);
  return { token, digest: secretTokenDigest(token) };
}

/** Whether `token` is the one whose digest is `storedDigest`, in time independent of where they differ. */
export function secretTokenMatches(token: string, storedDigest: string | null | undefined): boolean {
  const given = Buffer.from(secretTokenDigest(token), 'hex');
  const stored = Buffer.from(storedDigest ?? '', 'hex');
  return stored.length === given.length && timingSafeEqual(given, stored);
}

/**
 * The record a secret token opens, or null: `find` looks the record up by the digest (a unique column), and the record
 * counts only if its stored digest matches the token exactly. Every unknown token, of whatever length or likeness to a
 * real one, costs one digest and one indexed lookup that finds nothing, so all of them answer alike.
 *
 *   const link = await findBySecretToken(token, (digest) => db.previewLink.findUnique({ where: { tokenDigest: digest } }), (row) => row.tokenDigest);
 */
export async function findBySecretToken<T>(
  token: string,
  find: (digest: string) => Promise<T | null>,
  storedDigestOf: (record: T) => string | null,
): Promise<T | null> {
  const record = await find(secretTokenDigest(token));
  return record !== null && secretTokenMatches(token, storedDigestOf(record)) ? record : null;
}

/**
 * A stable public id (`<prefix>_` + 32 hex digits) for a record that is known by a secret token, for messages to the
 * firm's other systems (webhooks): derived from the token by a hash of its own, so it gives away neither the token nor
 * the digest the record is looked up by.
 */
export function publicIdForToken(prefix: string, token: string): string {
  return `${prefix}_${createHash('sha256').update(`public-id:${token}`, 'utf8').digest('hex').slice(0, 32)}`;
}
