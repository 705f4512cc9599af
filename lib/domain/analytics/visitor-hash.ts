import { hash } from 'node:crypto';

/**
 * A visitor, as Plausible counts one: the day's salt, the client's address, its User-Agent and the site, hashed. The
 * same browser on the same address is one visitor for the day; the next day, with a new salt, it is another. 128 bits
 * of sha256, so two visitors of one day never share a hash in practice.
 */
export function visitorHash(salt: string, address: string, userAgent: string, site: string): string {
  return hash('sha256', `${salt}\n${address}\n${userAgent}\n${site}`, 'hex').slice(0, 32);
}
