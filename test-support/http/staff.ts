import { inject } from 'vitest';
import { staffSessionCookie, type Role } from '../staff-session';

export type { Role };

/**
 * A staff member with a live session in the test server's database (or the one `databaseUrl` names), and the signed
 * cookie a browser would carry after signing in (the sign-in form itself is covered by Playwright).
 */
export function staffCookie(role: Role, databaseUrl: string = inject('databaseUrl')): Promise<string> {
  return staffSessionCookie(databaseUrl, role);
}
