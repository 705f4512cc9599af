import { lazyImport } from '@/lib/core/lazy-import';

/** The native argon2 binding (about 13 MiB resident) is loaded by the first sign-in or account change, not at start-up. */
const argon2 = lazyImport(() => import('@node-rs/argon2'));

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes). */
export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const MIN_PASSWORD_LENGTH = 12;
