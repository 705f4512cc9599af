import { z } from 'zod';

/**
 * `AUDIT_ALLOWED_HOSTS`: comma-separated `host:port` entries the audit may fetch even though they are private or
 * loopback (tests, a firm's own staging site), and only on that port. Entries are normalised the way WHATWG URL
 * normalises a host, so `LOCALHOST:8080`, `0177.0.0.1:8080` and `[0:0::1]:8080` match the URLs they stand for.
 */
export function allowedHostKey(hostname: string, port: number): string {
  return `${hostname.toLowerCase()}:${port}`;
}

/** The key of one `host:port` entry, or null when it is not one. */
export function parseAllowedHost(entry: string): string | null {
  const match = /^(\[[^\]]+\]|[^:[\]]+):(\d{1,5})$/.exec(entry.trim());
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65_535) return null;
  try {
    return allowedHostKey(new URL(`http://${match[1]}`).hostname, port);
  } catch {
    return null;
  }
}

/** The variable's value, validated at start-up: a typo should fail loudly, not silently refuse a staging site. */
export const AllowedHostList = z
  .string()
  .default('')
  .transform((value, context) => {
    const keys: string[] = [];
    for (const entry of value.split(',').filter((item) => item.trim() !== '')) {
      const key = parseAllowedHost(entry);
      if (key) keys.push(key);
      else context.addIssue({ code: 'custom', message: `"${entry.trim()}" is not a host:port entry` });
    }
    return keys;
  });
