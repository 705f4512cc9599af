import { createHash, createHmac, randomBytes } from 'node:crypto';
import { TEST_SESSION_SECRET } from '../../support/test-server.mjs';
import { writeDatabase } from './database';

export type Role = 'marketing' | 'sales' | 'admin';

/**
 * A staff member with a live session, created straight in the server's database, and the signed
 * cookie a browser would carry after signing in (the sign-in form itself is covered by Playwright).
 */
export function staffCookie(role: Role): string {
  const db = writeDatabase();
  const id = `stf_test_${role}_${randomBytes(4).toString('hex')}`;
  const token = randomBytes(32).toString('base64url');
  const now = new Date().toISOString();
  db.prepare(`INSERT INTO StaffUser (id, email, displayName, role, passwordHash, active, createdAt) VALUES (?, ?, ?, ?, 'not-used', 1, ?)`).run(
    id,
    `${id}@staff.example`,
    `Test ${role}`,
    role,
    now,
  );
  db.prepare(`INSERT INTO StaffSession (id, userId, createdAt, lastSeenAt, expiresAt) VALUES (?, ?, ?, ?, ?)`).run(
    createHash('sha256').update(token).digest('hex'),
    id,
    now,
    now,
    new Date(Date.now() + 3_600_000).toISOString(),
  );
  db.close();
  const signature = createHmac('sha256', TEST_SESSION_SECRET).update(token).digest('base64url');
  return `tp_staff_session=${token}.${signature}`;
}
