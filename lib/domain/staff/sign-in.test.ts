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

  it('rotates the session: the token the browser held before ends, the new one differs', async () => {
    await createStaffUser({ email: 'rota@throughline.example', displayName: 'Rota', role: 'sales', password: 'a rotating password' });
    const first = await signIn('rota@throughline.example', 'a rotating password', '10.0.0.3');
    const before = (first as { token: string }).token;
    const second = await signIn('rota@throughline.example', 'a rotating password', '10.0.0.3', before);
    const after = (second as { token: string }).token;
    expect(after).not.toBe(before);
    expect(await resolveSession(before)).toBeNull();
    expect(await resolveSession(after)).toMatchObject({ email: 'rota@throughline.example' });
  });

  it('ends a session planted in the browser (another account’s) when the victim signs in', async () => {
    await createStaffUser({ email: 'planter@throughline.example', displayName: 'P', role: 'sales', password: 'the planter password' });
    await createStaffUser({ email: 'victim@throughline.example', displayName: 'V', role: 'admin', password: 'the victim password' });
    const planted = (await signIn('planter@throughline.example', 'the planter password', '10.0.0.4')) as { token: string };
    const victim = (await signIn('victim@throughline.example', 'the victim password', '10.0.0.5', planted.token)) as { token: string };
    expect(await resolveSession(planted.token)).toBeNull();
    expect(await resolveSession(victim.token)).toMatchObject({ email: 'victim@throughline.example' });
  });

  it('keeps the session the browser held when the sign-in fails', async () => {
    await createStaffUser({ email: 'keep@throughline.example', displayName: 'K', role: 'sales', password: 'a password to keep' });
    const held = (await signIn('keep@throughline.example', 'a password to keep', '10.0.0.6')) as { token: string };
    expect(await signIn('keep@throughline.example', 'a wrong password', '10.0.0.6', held.token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await resolveSession(held.token)).toMatchObject({ email: 'keep@throughline.example' });
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
