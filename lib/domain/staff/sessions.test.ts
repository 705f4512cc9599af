import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { createStaffUser } from './accounts';
import { endSession, resolveSession, startSession } from './sessions';

describe('staff sessions', () => {
  it('end after the idle time, and when signed out', async () => {
    const user = await createStaffUser({ email: 'idle@throughline.example', displayName: 'Idle', role: 'sales', password: 'a sales password here' });
    const token = await startSession(user.id);
    expect(await resolveSession(token)).toMatchObject({ id: user.id });

    // 31 minutes without activity: past STAFF_SESSION_IDLE_MINUTES (30).
    await db.staffSession.updateMany({ where: { userId: user.id }, data: { lastSeenAt: new Date(Date.now() - 31 * 60_000) } });
    expect(await resolveSession(token)).toBeNull();
    expect(await db.staffSession.count({ where: { userId: user.id } })).toBe(0);

    const second = await startSession(user.id);
    await endSession(second);
    expect(await resolveSession(second)).toBeNull();
  });

  it('end for a deactivated account', async () => {
    const user = await createStaffUser({ email: 'gone@throughline.example', displayName: 'Gone', role: 'marketing', password: 'a marketing password' });
    const token = await startSession(user.id);
    await db.staffUser.update({ where: { id: user.id }, data: { active: false } });
    expect(await resolveSession(token)).toBeNull();
  });
});
