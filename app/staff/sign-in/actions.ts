'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { endSession } from '@/lib/domain/staff/sessions';
import { signIn } from '@/lib/domain/staff/sign-in';
import { writeLimitNotice } from '@/lib/forms/write-limit';
import { clientKey } from '@/lib/staff-web/current-staff';
import { safeNextPath } from '@/lib/staff-web/safe-next-path';
import { SESSION_COOKIE, sessionCookieOptions, signSessionToken, verifySessionCookie } from '@/lib/staff-web/session-cookie';

export type SignInState = { error?: string; email?: string };

export async function signInAction(_previous: SignInState, formData: FormData): Promise<SignInState> {
  const email = String(formData.get('email') ?? '');
  const password = String(formData.get('password') ?? '');
  // Signing in is the one staff POST anyone can send, so it counts against the writes limit like the site's forms;
  // the actions of a signed-in staff member do not (see docs/api.md, Rate limits).
  const limited = await writeLimitNotice();
  if (limited) return { error: limited, email };
  if (!email || !password) return { error: 'Enter your email address and password.', email };
  const jar = await cookies();
  const result = await signIn(email, password, await clientKey(), verifySessionCookie(jar.get(SESSION_COOKIE)?.value));
  if (!result.ok) {
    return result.reason === 'throttled'
      ? { error: `Too many failed attempts. Try again in ${Math.ceil(result.retryAfterSeconds / 60)} minutes.`, email }
      : { error: 'That email address and password do not match an account.', email };
  }
  jar.set(SESSION_COOKIE, signSessionToken(result.token), sessionCookieOptions());
  redirect(safeNextPath(String(formData.get('next') ?? '')));
}

export async function signOutAction(): Promise<void> {
  const jar = await cookies();
  const token = verifySessionCookie(jar.get(SESSION_COOKIE)?.value);
  if (token) await endSession(token);
  jar.delete(SESSION_COOKIE);
  redirect('/staff/sign-in');
}
