import { createHash } from 'node:crypto';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { randomToken } from '../../core/tokens';
import type { StaffActor, StaffRole } from './roles';

/** A session ends after this long without activity, and in any case after the absolute limit. */
const ABSOLUTE_LIMIT_MS = 12 * 3_600_000;
/** lastSeenAt is written at most this often, so browsing does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new session with a fresh token. `replacing` is the token the browser held before (any account's): it ends in the
 * same transaction, so signing in always rotates the session id, and a session someone planted in the browser
 * (session fixation) dies at the victim's sign-in.
 */
export async function startSession(userId: string, { replacing }: { replacing?: string | null } = {}): Promise<string> {
  const token = randomToken(32);
  const now = new Date();
  await db.$transaction([
    db.staffSession.deleteMany({ where: { id: digest(replacing ?? '') } }),
    db.staffSession.create({ data: { id: digest(token), userId, lastSeenAt: now, expiresAt: new Date(now.getTime() + ABSOLUTE_LIMIT_MS) } }),
  ]);
  return token;
}

/** The staff member behind a session token, or null when it is unknown, idle too long, expired or the account is off. */
export async function resolveSession(token: string): Promise<StaffActor | null> {
  const session = await db.staffSession.findUnique({ where: { id: digest(token) }, include: { user: true } });
  if (!session) return null;
  const now = Date.now();
  const idleLimit = config().STAFF_SESSION_IDLE_MINUTES * 60_000;
  if (!session.user.active || session.expiresAt.getTime() <= now || now - session.lastSeenAt.getTime() > idleLimit) {
    await db.staffSession.deleteMany({ where: { id: session.id } });
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db.staffSession.update({ where: { id: session.id }, data: { lastSeenAt: new Date(now) } });
  }
  const { user } = session;
  return { id: user.id, email: user.email, displayName: user.displayName, role: user.role as StaffRole };
}

export async function endSession(token: string): Promise<void> {
  await db.staffSession.deleteMany({ where: { id: digest(token) } });
}
