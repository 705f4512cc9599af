import { db } from '@/lib/db/client';
import { hashPassword, verifyPassword } from './passwords';
import { startSession } from './sessions';

/** Failures counted over this window, per account and per client. */
const WINDOW_MS = 15 * 60_000;
/** From the third failure of an account (the eleventh of a client) on, each answer is slowed a little more, up to a cap. */
const ACCOUNT_SLOWDOWN_AFTER = 2;
const CLIENT_SLOWDOWN_AFTER = 10;
const SLOWDOWN_STEP_MS = 300;
const SLOWDOWN_CAP_MS = 1500;
/** Then refused until the window has passed. */
const ACCOUNT_LIMIT = 5;
const CLIENT_LIMIT = 20;

export type SignInResult = { ok: true; token: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

// Verifying against a real hash when the account does not exist keeps the answer time the same.
let decoyHash: Promise<string> | undefined;

async function recentFailures(where: { email: string } | { clientKey: string }, since: Date) {
  const failures = await db.signInAttempt.findMany({ where: { ...where, success: false, createdAt: { gte: since } }, select: { createdAt: true } });
  return { count: failures.length, oldest: failures.reduce((min, f) => Math.min(min, f.createdAt.getTime()), Infinity) };
}

/** `previousToken`: the session token the browser already holds, if any; a successful sign-in ends it (rotation). */
export async function signIn(emailInput: string, password: string, clientKey: string, previousToken: string | null = null): Promise<SignInResult> {
  const email = emailInput.trim().toLowerCase();
  const now = Date.now();
  const since = new Date(now - WINDOW_MS);
  const [byAccount, byClient] = await Promise.all([recentFailures({ email }, since), recentFailures({ clientKey }, since)]);
  const limited = [byAccount.count >= ACCOUNT_LIMIT ? byAccount.oldest : null, byClient.count >= CLIENT_LIMIT ? byClient.oldest : null].filter(
    (t): t is number => t !== null,
  );
  if (limited.length > 0) {
    return { ok: false, reason: 'throttled', retryAfterSeconds: Math.ceil((Math.max(...limited) + WINDOW_MS - now) / 1000) };
  }
  const steps = Math.max(0, byAccount.count - ACCOUNT_SLOWDOWN_AFTER, byClient.count - CLIENT_SLOWDOWN_AFTER);
  const slowdown = Math.min(steps * SLOWDOWN_STEP_MS, SLOWDOWN_CAP_MS);
  if (slowdown > 0) await new Promise((resolve) => setTimeout(resolve, slowdown));

  const user = await db.staffUser.findUnique({ where: { email } });
  decoyHash ??= hashPassword('decoy password that matches nothing');
  const valid = user?.active ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await decoyHash, password), false);
  await db.signInAttempt.create({ data: { email, clientKey, success: valid } });
  if (!valid || !user) return { ok: false, reason: 'invalid' };
  return { ok: true, token: await startSession(user.id, { replacing: previousToken }) };
}
