import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { config } from '@/lib/config';

let cached: string | undefined;

/**
 * SESSION_SECRET from the environment (required when several instances serve the site). Without it,
 * a single instance keeps a random secret in data/.session-secret so sessions survive restarts.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const configured = config().SESSION_SECRET;
  if (configured) return (cached = configured);
  const file = path.join(/*turbopackIgnore: true*/ process.cwd(), 'data', '.session-secret');
  try {
    cached = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(path.dirname(file), { recursive: true });
    cached = randomBytes(32).toString('base64url');
    writeFileSync(file, cached, { flag: 'wx' });
    chmodSync(file, 0o600);
  }
  return cached;
}
