import { createHash, createHmac, randomBytes } from 'node:crypto';
import { TEST_SESSION_SECRET } from '../test-server.mjs';
import { openTestSql, type TestSql } from '../test-sql';
import { serverDatabase } from './server-database';

export type Role = 'marketing' | 'sales' | 'admin';

/**
 * A staff member with a live session, created straight in `db` (a server's database), and the signed cookie a browser
 * would carry after signing in, for a server started with TEST_SESSION_SECRET. Also returns the member's id.
 */
export async function staffSession(db: TestSql, role: Role): Promise<{ id: string; cookie: string }> {
  const id = `stf_test_${role}_${randomBytes(4).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  await db.run(
    `INSERT INTO "StaffUser" ("id", "email", "displayName", "role", "passwordHash", "active", "createdAt") VALUES (?, ?, ?, ?, 'not-used', true, ?)`,
    id,
    `${id}@staff.example`,
    `Test ${role}`,
    role,
    now,
  );
  await db.run(
    `INSERT INTO "StaffSession" ("id", "userId", "createdAt", "lastSeenAt", "expiresAt") VALUES (?, ?, ?, ?, ?)`,
    createHash('sha256').update(token).digest('hex'),
    id,
    now,
    now,
    new Date(Date.now() + 3_600_000),
  );
  const signature = createHmac('sha256', TEST_SESSION_SECRET).update(token).digest('base64url');
  return { id, cookie: `tp_staff_session=${token}.${signature}` };
}

/**
 * A staff member with a live session in the HTTP tests' shared server (or the one whose database is at
 * `databaseUrl`), and the signed cookie a browser would carry after signing in (the sign-in form itself is covered
 * by Playwright).
 */
export async function staffCookie(role: Role, databaseUrl?: string): Promise<string> {
  const db = databaseUrl ? openTestSql(databaseUrl) : serverDatabase();
  try {
    return (await staffSession(db, role)).cookie;
  } finally {
    await db.close();
  }
}
