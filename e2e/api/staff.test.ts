import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { staffCookie } from '../../test-support/http/staff';
import { secretTokenDigest } from '@/lib/core/secret-tokens';

const database = serverDatabase();
afterAll(() => database.close());

// An inquiry of our own, so the detail page exists whatever other test files ran before.
const { body: inquiry } = await post<{ id: string }>('/v1/inquiries', {
  companyName: 'Inbox Check Ltd',
  contactName: 'Ivy',
  email: 'ivy@inbox.example',
  problemDescription: 'Checking staff access to the inbox.',
});
const anyInquiry = () => inquiry.id;
// A paid local-visibility audit waiting for a consultant, arranged in the database (paying is tested in reports.test.ts).
const { body: localAudit } = await post<{ token: string }>('/v1/services/local-market-constraint-audit/checkout', {
  purchaseDigest: (await (await fetch(`${baseUrl()}/v1/services/local-market-constraint-audit`)).json()).purchaseDigest,
  buyerInputs: { responsibility_acknowledged: true, business_name: 'Access Check Bakery', location: 'Erie, PA' },
});
const reportToken = `staff-access-${Date.now()}`;
await database.run(
  `INSERT INTO "Report" ("token", "tokenDigest", "checkoutToken", "serviceId", "producer", "status", "createdAt") VALUES (?, ?, ?, 'local-market-constraint-audit', 'consultant', 'queued', ?)`,
  reportToken,
  secretTokenDigest(reportToken),
  localAudit.token,
  new Date(),
);
// The inquiry's messages are stored in its own transaction, so they exist by now.
const inquiryMessageId = (await database.get<{ id: string }>(`SELECT "id" FROM "OutboxMessage" WHERE "aboutId" = ? ORDER BY "id" LIMIT 1`, inquiry.id))!.id;
const draftInsightId = (await database.get<{ id: string }>(`SELECT "id" FROM "Insight" WHERE "status" = 'draft' ORDER BY "id" LIMIT 1`))!.id;
const inquiryMessage = () => inquiryMessageId;
const draftInsight = () => draftInsightId;

const MARKETING: ('marketing' | 'sales' | 'admin')[] = ['marketing', 'admin'];
const CONTENT_PAGES = [
  { segment: 'insights', id: 'why-local-efficiency-lies', creatable: true },
  { segment: 'services', id: 'constraint-snapshot', creatable: false },
  { segment: 'testimonials', id: 't-snapshot-precision-machining', creatable: true },
  { segment: 'faqs', id: 'faq-firm-outside-us', creatable: true },
  { segment: 'principles', id: 'five-focusing-steps', creatable: true },
  { segment: 'tools', id: 'current-reality-tree', creatable: true },
  { segment: 'company', id: 'profile', creatable: false },
];

/** Every staff page, with the area whose roles may open it. */
const PAGES: { path: () => string; allowed: ('marketing' | 'sales' | 'admin')[] }[] = [
  { path: () => '/staff', allowed: ['marketing', 'sales', 'admin'] },
  { path: () => '/staff/content', allowed: ['marketing', 'admin'] },
  // Every kind of content: its list, a new item (where staff may add one), an item and its history.
  ...CONTENT_PAGES.flatMap(({ segment, id, creatable }) => [
    { path: () => `/staff/content/${segment}`, allowed: MARKETING },
    ...(creatable ? [{ path: () => `/staff/content/${segment}/new`, allowed: MARKETING }] : []),
    { path: () => `/staff/content/${segment}/${id}`, allowed: MARKETING },
    { path: () => `/staff/content/${segment}/${id}/history`, allowed: MARKETING },
  ]),
  // Calendars are for sales.
  { path: () => '/staff/content/consultants', allowed: ['sales', 'admin'] },
  { path: () => '/staff/content/consultants/margaret-okafor', allowed: ['sales', 'admin'] },
  { path: () => '/staff/content/consultants/margaret-okafor/history', allowed: ['sales', 'admin'] },
  { path: () => `/staff/preview?type=insight&id=${draftInsight()}`, allowed: ['marketing', 'admin'] },
  { path: () => '/staff/inquiries', allowed: ['sales', 'admin'] },
  { path: () => `/staff/inquiries/${anyInquiry()}`, allowed: ['sales', 'admin'] },
  { path: () => '/staff/bookings', allowed: ['sales', 'admin'] },
  { path: () => '/staff/outbox', allowed: ['sales', 'admin'] },
  { path: () => `/staff/outbox/${inquiryMessage()}`, allowed: ['sales', 'admin'] },
  { path: () => '/staff/audit', allowed: ['admin'] },
  { path: () => '/staff/jobs', allowed: ['admin'] },
  { path: () => '/staff/webhooks', allowed: ['admin'] },
  { path: () => '/staff/system', allowed: ['admin'] },
  { path: () => '/staff/reports', allowed: ['sales', 'admin'] },
  { path: () => '/staff/promises', allowed: ['sales', 'admin'] },
  { path: () => `/staff/reports/${reportToken}`, allowed: ['sales', 'admin'] },
];

const open = (path: string, cookie?: string) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

describe('staff area access', () => {
  it('sends every staff page to sign-in without a session, keeping where to come back to', async () => {
    for (const page of PAGES) {
      const response = await open(page.path());
      expect(response.status, page.path()).toBe(307);
      const location = new URL(response.headers.get('location')!, baseUrl());
      expect(location.pathname).toBe('/staff/sign-in');
      expect(location.searchParams.get('next')).toBe(page.path());
    }
  });

  it('refuses a forged or unsigned cookie like no session', async () => {
    expect((await open('/staff/content', 'tp_staff_session=abc.def')).status).toBe(307);
    const genuine = await staffCookie('admin');
    expect((await open('/staff/content', `${genuine.slice(0, -3)}xyz`)).status).toBe(307);
  });

  it('answers 403 to a role without access and 200 to one with it', async () => {
    const cookies = { marketing: await staffCookie('marketing'), sales: await staffCookie('sales'), admin: await staffCookie('admin') };
    for (const page of PAGES) {
      for (const role of ['marketing', 'sales', 'admin'] as const) {
        const response = await open(page.path(), cookies[role]);
        const expected = page.allowed.includes(role) ? (page.path().startsWith('/staff/preview') ? 307 : 200) : 403;
        expect(response.status, `${role} ${page.path()}`).toBe(expected);
      }
    }
  });

  it('shows visitor text in the inbox as text, never as markup', async () => {
    const hostile = '<script>window.__pwned = 1</script><img src=x onerror="alert(1)"><b>bold</b>';
    const sent = await post<{ id: string }>('/v1/inquiries', {
      companyName: '<h1>Evil Corp</h1>',
      contactName: 'Mallory',
      email: 'mallory@evil.example',
      problemDescription: hostile,
    });
    const html = await (await open(`/staff/inquiries/${sent.body.id}`, await staffCookie('sales'))).text();
    expect(html).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
    expect(html).toContain('&lt;h1&gt;Evil Corp&lt;/h1&gt;');
    expect(html).not.toContain('<script>window.__pwned');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>bold</b>');
  });

  it('shows a message in the outbox with its text part as text and its HTML part only inside a sandboxed frame', async () => {
    const sent = await post<{ id: string }>('/v1/inquiries', {
      companyName: 'Frame Check',
      contactName: '<img src=x onerror="alert(1)">',
      email: 'frame@evil.example',
      problemDescription: '<script>window.__pwned = 1</script>',
    });
    const { id } = (await database.get<{ id: string }>(`SELECT "id" FROM "OutboxMessage" WHERE "aboutId" = ? AND "kind" = 'inquiry-notice'`, sent.body.id))!;
    const cookie = await staffCookie('sales');
    const html = await (await open(`/staff/outbox/${id}`, cookie)).text();
    const frames = html.match(/<iframe[^>]*>/g) ?? [];
    expect(frames).toHaveLength(1);
    expect(frames[0]).toMatch(/ sandbox=""/);
    // The HTML part is its own document (its own policy), and the email HTML escapes the visitor text.
    expect(frames[0]).toContain(` src="/staff/outbox/${id}/html"`);
    const part = await (await open(`/staff/outbox/${id}/html`, cookie)).text();
    expect(part).toContain('&lt;script&gt;window.__pwned');
    expect(part).not.toContain('<script>window.__pwned');
    // Outside the frame, the visitor's words are text.
    const outside = html.replace(/<iframe[^>]*>/g, '');
    expect(outside).not.toContain('<script>window.__pwned');
    expect(outside).not.toContain('<img src=x');
    expect(outside).toContain('&lt;script&gt;window.__pwned = 1&lt;/script&gt;');
  });
});

describe('draft preview', () => {
  it('shows a draft to staff in draft mode only, never to visitors or the API', async () => {
    const id = draftInsight();
    expect((await open(`/insights/${id}`)).status).toBe(404);

    const staff = await staffCookie('marketing');
    const preview = await open(`/staff/preview?type=insight&id=${id}`, staff);
    expect(preview.status).toBe(307);
    expect(preview.headers.get('location')).toBe(`/insights/${id}`);
    const draftCookie = preview.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(draftCookie).toContain('__prerender_bypass=');

    const page = await open(`/insights/${id}`, `${staff}; ${draftCookie}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Preview');
    expect(html).toContain('Exit preview');

    // The API ignores draft mode entirely.
    const api = await fetch(`${baseUrl()}/v1/insights/${id}`, { headers: { cookie: `${staff}; ${draftCookie}` } });
    expect(api.status).toBe(404);

    const exit = await fetch(`${baseUrl()}/staff/preview/exit`, { method: 'POST', redirect: 'manual', headers: { cookie: draftCookie, origin: baseUrl() } });
    expect(exit.status).toBe(303);
    expect(exit.headers.getSetCookie().join(';')).toMatch(/__prerender_bypass=;/);
  });

  it("never redirects a preview anywhere but the content's own page", async () => {
    const staff = await staffCookie('marketing');
    for (const query of ['type=url&id=https://evil.example', 'type=insight&id=../../evil', 'type=insight&id=%2F%2Fevil.example']) {
      const response = await open(`/staff/preview?${query}`, staff);
      expect(response.status, query).toBe(404);
    }
  });
});
