import { describe, expect, it } from 'vitest';
import { createStaffUser } from './accounts';
import { resolveSession } from './sessions';
import { signIn } from './sign-in';

describe('staff sign-in', () => {
  it('signs in with the right password and starts a session', async () => {
    await createStaffUser({ email: 'Ann.Marketing@Throughline.example', displayName: 'Ann', role: 'marketing', password: 'correct horse battery' });
    const result = await signIn('ann.marketing@throughline.example', 'correct horse battery', '10.0.0.1');
    expect(result.ok).toBe(true);
    const staff = await resolveSession((result as { token: string }).token);
    expect(staff).toMatchObject({ email: 'ann.marketing@throughline.example', role: 'marketing' });
  });

  it('refuses a wrong password and an unknown account alike', async () => {
    await createStaffUser({ email: 'sam@throughline.example', displayName: 'Sam', role: 'sales', password: 'another long password' });
    expect(await signIn('sam@throughline.example', 'wrong password!', '10.0.0.2')).toEqual({ ok: false, reason: 'invalid' });
    expect(await signIn('nobody@throughline.example', 'wrong password!', '10.0.0.2')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('slows repeated failures for one account, then refuses even the right password for a while', async () => {
    await createStaffUser({ email: 'target@throughline.example', displayName: 'T', role: 'admin', password: 'the real password 1' });
    const timings: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const started = Date.now();
      // Different clients: the per-account limit must hold on its own.
      expect((await signIn('target@throughline.example', `guess ${attempt}`, `10.1.0.${attempt}`)).ok).toBe(false);
      timings.push(Date.now() - started);
    }
    // The fifth attempt follows four failures, so it waits two steps of 300 ms before answering.
    expect(timings[4]!).toBeGreaterThanOrEqual(600);
    const locked = await signIn('target@throughline.example', 'the real password 1', '10.1.0.9');
    expect(locked).toMatchObject({ ok: false, reason: 'throttled' });
    expect((locked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(800);
  });

  it('refuses a client that fails across many accounts', async () => {
    for (let i = 0; i < 20; i += 1) await signIn(`spray${i}@throughline.example`, 'password guess', '10.9.9.9');
    expect(await signIn('sam@throughline.example', 'another long password', '10.9.9.9')).toMatchObject({ ok: false, reason: 'throttled' });
    expect((await signIn('sam@throughline.example', 'another long password', '10.9.9.10')).ok).toBe(true);
  }, 30_000);
});
