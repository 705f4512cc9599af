import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { beforeAll, describe, expect, it } from 'vitest';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { baseUrl } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { staffCookie } from '../../test-support/http/staff';

/** Signing in and out through the real form actions: the session id rotates, sign-out ends it, `next` stays on the site. */
const PASSWORD = 'a long staff password for tests';
let email = '';

beforeAll(async () => {
  email = `signin-${randomBytes(4).toString('hex')}@staff.example`;
  const db = serverDatabase();
  await db.run(
    `INSERT INTO "StaffUser" ("id", "email", "displayName", "role", "passwordHash", "active", "createdAt") VALUES (?, ?, 'Sign In', 'admin', ?, true, ?)`,
    `stf_${randomBytes(6).toString('hex')}`,
    email,
    await hash(PASSWORD),
    new Date(),
  );
  await db.close();
});

const SESSION = /tp_staff_session=([^;]*)/;

/** Submits the sign-in form as the browser does (useActionState passes the previous state and the form). */
async function signIn({ next = '/staff', cookie }: { next?: string; cookie?: string } = {}) {
  const form = new FormData();
  form.append('email', email);
  form.append('password', PASSWORD);
  form.append('next', next);
  const response = await callServerAction(baseUrl(), {
    page: '/staff/sign-in',
    filename: 'app/staff/sign-in/actions.ts',
    exportedName: 'signInAction',
    args: [{}, form],
    cookie,
  });
  const issued = SESSION.exec(response.headers.getSetCookie().join('\n'))?.[1];
  return { redirect: response.headers.get('x-action-redirect')?.replace(/;.*$/, ''), cookie: issued ? `tp_staff_session=${issued}` : undefined };
}

const signOut = (cookie: string) =>
  callServerAction(baseUrl(), { page: '/staff', filename: 'app/staff/sign-in/actions.ts', exportedName: 'signOutAction', cookie });
/** 200 when the cookie's session is alive; a redirect to sign-in when it is not. */
const staffHome = async (cookie: string) => (await fetch(`${baseUrl()}/staff`, { redirect: 'manual', headers: { cookie } })).status;

describe('staff sessions', () => {
  it('rotate at sign-in: a new session id, and the one the browser held (even a planted one) ends on the server', async () => {
    const planted = await staffCookie('sales');
    expect(await staffHome(planted)).toBe(200);
    const signedIn = await signIn({ cookie: planted });
    expect(signedIn.redirect).toBe('/staff');
    expect(signedIn.cookie).toBeDefined();
    expect(signedIn.cookie).not.toBe(planted);
    expect(await staffHome(signedIn.cookie!)).toBe(200);
    expect(await staffHome(planted)).toBe(307);
  });

  it('end on the server at sign-out: a copy of the cookie taken before stops working', async () => {
    const { cookie } = await signIn();
    const stolen = cookie!;
    expect(await staffHome(stolen)).toBe(200);
    const out = await signOut(cookie!);
    expect(out.headers.get('x-action-redirect')).toMatch(/^\/staff\/sign-in/);
    expect(await staffHome(stolen)).toBe(307);
  });
});

describe('the next parameter', () => {
  it.each(['//evil.example', 'https://evil.example', '/\\evil.example', '/%2F/evil.example', '%2F%2Fevil.example', '/staff/../..//evil.example'])(
    'leads back to /staff after signing in, not to %j',
    async (next) => {
      expect((await signIn({ next })).redirect).toBe('/staff');
    },
  );

  it('keeps a staff path', async () => {
    expect((await signIn({ next: '/staff/inquiries?status=submitted' })).redirect).toBe('/staff/inquiries?status=submitted');
  });

  it.each(['//evil.example', 'https://evil.example', '/%5Cevil.example'])('from the address bar (%j), signed in, redirects to /staff', async (next) => {
    const response = await fetch(`${baseUrl()}/staff/sign-in?next=${encodeURIComponent(next)}`, {
      redirect: 'manual',
      headers: { cookie: await staffCookie('sales') },
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe('/staff');
  });

  it('is written into the form only when safe', async () => {
    const page = await (await fetch(`${baseUrl()}/staff/sign-in?next=${encodeURIComponent('//evil.example')}`)).text();
    expect(page).toContain('name="next" value="/staff"');
    expect(page).not.toContain('value="//evil.example"');
  });
});
