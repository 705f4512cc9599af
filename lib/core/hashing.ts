import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** sha256 (hex) of a value's RFC 8785 canonical JSON, so equal data hashes equally on every instance. */
export function canonicalSha256(value: unknown): string {
  const canonical = canonicalize(value);
  if (canonical === undefined) throw new Error('Value cannot be canonicalized');
  return createHash('sha256').update(canonical).digest('hex');
}
