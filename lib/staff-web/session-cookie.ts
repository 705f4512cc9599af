import { createHmac, timingSafeEqual } from 'node:crypto';
import { sessionSecret } from './session-secret';

export const SESSION_COOKIE = 'tp_staff_session';

const signatureOf = (token: string) => createHmac('sha256', sessionSecret()).update(token).digest('base64url');

/** `<token>.<hmac>`: a cookie that was not issued by us is refused before any database lookup. */
export function signSessionToken(token: string): string {
  return `${token}.${signatureOf(token)}`;
}

export function verifySessionCookie(value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signatureOf(token));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

export function sessionCookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: process.env.NODE_ENV === 'production',
    path: '/',
  };
}
