import { cookies, headers } from 'next/headers';
import { forbidden, redirect } from 'next/navigation';
import { resolveSession } from '@/lib/domain/staff/sessions';
import { clientAddressFrom } from '@/lib/http/client-address.mjs';
import type { StaffActor, StaffArea } from '@/lib/domain/staff/roles';
import { mayAccess } from '@/lib/domain/staff/roles';
import { safeNextPath } from './safe-next-path';
import { SESSION_COOKIE, verifySessionCookie } from './session-cookie';

/** The signed-in staff member of this request, or null. */
export async function currentStaff(): Promise<StaffActor | null> {
  const token = verifySessionCookie((await cookies()).get(SESSION_COOKIE)?.value);
  return token ? resolveSession(token) : null;
}

/**
 * Every staff page, action and route starts here, on the server: no session → sign-in (coming back
 * to `returnTo`); a role without access to the area → 403.
 */
export async function requireStaff(area: StaffArea | 'any', returnTo = '/staff'): Promise<StaffActor> {
  const staff = await currentStaff();
  if (!staff) redirect(`/staff/sign-in?next=${encodeURIComponent(safeNextPath(returnTo))}`);
  if (area !== 'any' && !mayAccess(staff, area)) forbidden();
  return staff;
}

/** The client for sign-in throttling: its address as the web server resolved it (TRUSTED_PROXY), never one it claims. */
export async function clientKey(): Promise<string> {
  return clientAddressFrom(await headers());
}
