import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { staffCookie } from '../../test-support/http/staff';
import type { Role } from '../../test-support/http/staff';

/**
 * Every server action under app/staff, called the way a browser calls it (POST with Next-Action),
 * straight from the build's manifest so a new action cannot be missed. Without a session it must be
 * sent to sign-in; with a role outside its area it must be refused with 403; either way nothing changes.
 */
type ManifestEntry = { filename: string; exportedName: string; workers: Record<string, unknown> };
const manifest = JSON.parse(readFileSync(path.join('.next', 'server', 'server-reference-manifest.json'), 'utf8')) as {
  node: Record<string, ManifestEntry>;
};

/** Which roles each file's actions are for; signing in and out is for everyone. */
const AREA_OF_FILE: Record<string, Role[] | 'public'> = {
  'app/staff/sign-in/actions.ts': 'public',
  'app/staff/content/actions.ts': ['marketing', 'admin'],
  'app/staff/media/actions.ts': ['marketing', 'admin'],
  'app/staff/inbox-actions.ts': ['sales', 'admin'],
  'app/staff/jobs/actions.ts': ['admin'],
  'app/staff/system/actions.ts': ['admin'],
  'app/staff/reports/actions.ts': ['sales', 'admin'],
  'app/staff/outbox/actions.ts': ['sales', 'admin'],
  'app/staff/webhooks/actions.ts': ['admin'],
  'app/staff/commitment-actions.ts': ['sales', 'admin'],
  'app/staff/content/calendars/calendar-actions.ts': ['sales', 'admin'],
  'app/staff/analytics/actions.ts': ['marketing', 'admin'],
};

const staffActions = Object.entries(manifest.node)
  .filter(([, entry]) => entry.filename.startsWith('app/staff/'))
  .map(([id, entry]) => ({ id, ...entry, allowed: AREA_OF_FILE[entry.filename] }));

/** A page that carries the action, with any dynamic segment filled in. */
const pageFor = (entry: ManifestEntry) =>
  Object.keys(entry.workers)[0]!
    .replace(/^app/, '')
    .replace(/\/page$/, '')
    .replace(/\[[^\]]+\]/g, 'x') || '/';

const database = serverDatabase();
afterAll(() => database.close());
const auditCount = async () => (await database.get<{ n: number }>('SELECT COUNT(*) AS n FROM "AuditLog"'))!.n;

async function invoke(action: (typeof staffActions)[number], cookie?: string, args: unknown[] = ['x', {}, 'x']) {
  return fetch(`${baseUrl()}${pageFor(action)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'next-action': action.id,
      'content-type': 'text/plain;charset=UTF-8',
      accept: 'text/x-component',
      // As a browser on this site sends it (without it the web server refuses the POST: e2e/api/cross-origin.test.ts).
      origin: baseUrl(),
      ...(cookie ? { cookie } : {}),
    },
    // Arguments a real form would send; the session check comes before any of them is read.
    body: JSON.stringify(args),
  });
}

describe('staff server actions', () => {
  it('are all known to this test', () => {
    expect(staffActions.length).toBeGreaterThanOrEqual(8);
    for (const action of staffActions) expect(action.allowed, `${action.filename}#${action.exportedName}`).toBeDefined();
  });

  it('send a caller without a session to sign-in and change nothing', async () => {
    const before = await auditCount();
    for (const action of staffActions.filter((a) => a.allowed !== 'public')) {
      const response = await invoke(action);
      expect(response.headers.get('x-action-redirect'), action.exportedName).toMatch(/^\/staff\/sign-in\?next=/);
    }
    expect(await auditCount()).toBe(before);
  });

  it('sign out (a POST) ends the session and clears the cookie', async () => {
    const signOut = staffActions.find((a) => a.exportedName === 'signOutAction')!;
    const cookie = await staffCookie('sales');
    expect((await fetch(`${baseUrl()}/staff`, { redirect: 'manual', headers: { cookie } })).status).toBe(200);
    const response = await invoke(signOut, cookie);
    expect(response.headers.get('x-action-redirect')).toMatch(/^\/staff\/sign-in/);
    expect(response.headers.getSetCookie().join(';')).toMatch(/tp_staff_session=;/);
    expect((await fetch(`${baseUrl()}/staff`, { redirect: 'manual', headers: { cookie } })).status).toBe(307);
  });

  it('decide content actions by the kind of content: calendars are for sales and admins, everything else for marketing and admins', async () => {
    const before = await auditCount();
    const contentActions = staffActions.filter((a) => a.filename === 'app/staff/content/actions.ts' && a.exportedName !== 'previewMarkdownAction');
    // Save draft, Publish, Schedule and Create preview link post the editor's one form, to one action.
    expect(contentActions.map((a) => a.exportedName).sort()).toEqual([
      'cancelScheduleAction',
      'discardDraftAction',
      'editItemAction',
      'restoreVersionAction',
      'revokePreviewLinkAction',
      'unpublishAction',
    ]);
    for (const action of contentActions) {
      const asMarketing = await (await invoke(action, await staffCookie('marketing'), ['consultant', 'margaret-okafor', 'x', 'x'])).text();
      expect(asMarketing, `marketing → ${action.exportedName} on a calendar`).toContain('NEXT_HTTP_ERROR_FALLBACK;403');
      const asSales = await (await invoke(action, await staffCookie('sales'), ['insight', 'why-local-efficiency-lies', 'x', 'x'])).text();
      expect(asSales, `sales → ${action.exportedName} on an insight`).toContain('NEXT_HTTP_ERROR_FALLBACK;403');
      const salesOnCalendar = await (await invoke(action, await staffCookie('sales'), ['consultant', 'margaret-okafor', 'x', 'x'])).text();
      expect(salesOnCalendar, `sales → ${action.exportedName} on a calendar`).not.toContain('NEXT_HTTP_ERROR_FALLBACK;403');
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuse a role outside the action’s area with 403 and change nothing', async () => {
    const before = await auditCount();
    for (const action of staffActions.filter((a) => a.allowed !== 'public')) {
      for (const role of (['marketing', 'sales'] as const).filter((r) => !(action.allowed as Role[]).includes(r))) {
        const body = await (await invoke(action, await staffCookie(role))).text();
        expect(body, `${role} → ${action.exportedName}`).toContain('NEXT_HTTP_ERROR_FALLBACK;403');
      }
    }
    expect(await auditCount()).toBe(before);
  });
});
