import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, get, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { callServerAction, paySandboxCheckout } from '../../test-support/http/server-actions.mjs';
import { staffCookie, staffSession } from '../../test-support/http/staff';
import { activeConsultants, FIRM_ZONE } from '../../test-support/schedule';

const ACTIONS = 'app/staff/commitment-actions.ts';
const database = serverDatabase();
afterAll(() => database.close());

type Inquiry = { id: string; estimatedResponse: string; supportTicket: string };
const submit = (companyName: string, urgency = 'high') =>
  post<Inquiry>('/v1/inquiries', { companyName, contactName: 'Rosa Diaz', email: 'rosa@allegheny.example', problemDescription: 'Late orders.', urgency });
const commitmentOf = (inquiryId: string) =>
  database.get<{ id: string; kind: string; state: string; dueAt: string; ownerId: string | null; closedByName: string | null; closeNote: string | null }>(
    `SELECT c."id", c."kind", c."state", c."dueAt", c."ownerId", c."closedByName", c."closeNote" FROM "Commitment" c
     JOIN "Inquiry" i ON i."number" = c."inquiryNumber" WHERE i."id" = ?`,
    inquiryId,
  );
const page = async (path: string, cookie?: string) => {
  const response = await fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  return { status: response.status, location: response.headers.get('location'), html: await response.text() };
};
/** The text of the element carrying data-testid (its tags dropped), enough to read a section of a server-rendered page. */
const section = (html: string, testId: string) => {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start === -1) return null;
  const end = html.indexOf('</section>', start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};

describe('the promise to reply to an inquiry, on the production server', () => {
  it('is written with the inquiry, due at the estimatedResponse the API answered', async () => {
    const { status, body } = await submit('Promise Check Ltd');
    expect(status).toBe(200);
    const row = await commitmentOf(body.id);
    expect(row).toMatchObject({ kind: 'inquiry-reply', state: 'open', ownerId: null, closedByName: null });
    expect(new Date(row!.dueAt).toISOString()).toBe(body.estimatedResponse);
  });

  it('shows on /staff as unassigned for sales, is taken with one click, and kept by marking it replied', async () => {
    // The list shows the first 25 by due time: the promises other files left open on the shared server (pending
    // bookings due sooner than this reply) are given to another member first, so this one is among them.
    const colleague = await staffSession(database, 'sales');
    await database.run(`UPDATE "Commitment" SET "ownerId" = ? WHERE "state" = 'open' AND "ownerId" IS NULL`, colleague.id);
    const { body } = await submit('Overview Check Ltd');
    const cookie = await staffCookie('sales');
    const overview = await page('/staff', cookie);
    expect(overview.status).toBe(200);
    expect(section(overview.html, 'commitments-unassigned')).toContain(`Reply to inquiry ${body.supportTicket} Rosa Diaz, Overview Check Ltd Unassigned`);
    const { id } = (await commitmentOf(body.id))!;

    const assigned = await callServerAction(baseUrl(), { page: '/staff', filename: ACTIONS, exportedName: 'assignToMeAction', args: [id, '/staff'], cookie });
    expect(assigned.headers.get('x-action-redirect')).toBe('/staff?done=assigned;push');
    const owner = (await commitmentOf(body.id))!.ownerId;
    expect(owner).toMatch(/^stf_test_sales_/);
    expect(section((await page('/staff', cookie)).html, 'commitments-unassigned') ?? '').not.toContain('Overview Check Ltd');

    const inquiryPage = await page(`/staff/inquiries/${body.id}`, cookie);
    expect(section(inquiryPage.html, 'commitments')).toMatch(/Inquiry reply , due .* reply due in \d+ (d|h|min)/);
    expect(section(inquiryPage.html, 'commitments')).toContain('owner Test sales');

    const form = new FormData();
    form.set('note', 'Called Rosa');
    const replied = await callServerAction(baseUrl(), {
      page: `/staff/inquiries/${body.id}`,
      filename: ACTIONS,
      exportedName: 'logReplyAction',
      args: [id, `/staff/inquiries/${body.id}`, form],
      cookie,
    });
    expect(replied.headers.get('x-action-redirect')).toBe(`/staff/inquiries/${body.id}?done=replied;push`);
    expect(await commitmentOf(body.id)).toMatchObject({ state: 'kept', ownerId: owner, closedByName: 'Test sales', closeNote: 'reply logged: Called Rosa' });
    expect(section((await page(`/staff/inquiries/${body.id}`, cookie)).html, 'commitments')).toContain('kept on time');
  });

  it('refuses to give a commitment to a marketing account, in words on the page', async () => {
    const { body } = await submit('Refusal Check Ltd');
    const { id } = (await commitmentOf(body.id))!;
    await staffCookie('marketing');
    const marketing = (await database.get<{ id: string }>(`SELECT "id" FROM "StaffUser" WHERE "role" = 'marketing' ORDER BY "createdAt" DESC LIMIT 1`))!.id;
    const form = new FormData();
    form.set('ownerId', marketing);
    const response = await callServerAction(baseUrl(), {
      page: `/staff/inquiries/${body.id}`,
      filename: ACTIONS,
      exportedName: 'assignCommitmentAction',
      args: [id, `/staff/inquiries/${body.id}`, form],
      cookie: await staffCookie('admin'),
    });
    expect(response.headers.get('x-action-redirect')).toBe(
      `/staff/inquiries/${body.id}?error=${encodeURIComponent('Only an active sales or admin account can own a commitment.')};push`,
    );
    expect((await commitmentOf(body.id))!.ownerId).toBeNull();
  });
});

describe('the booking and report pages', () => {
  /** The text of one booking's card on /staff/bookings. */
  const bookingCard = (html: string, id: string) => {
    const start = html.indexOf(`data-testid="booking-${id}"`);
    return html
      .slice(start, html.indexOf('</li>', html.indexOf('Cancel booking', start)))
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  };

  it('show the decision due on a pending booking and the report due after a paid audit, with their clocks', async () => {
    const cookie = await staffCookie('sales');
    // Saturday night in three weeks, when nobody works: the request waits for staff.
    const saturday = DateTime.now().setZone(FIRM_ZONE).plus({ weeks: 3 }).set({ weekday: 6, hour: 22, minute: 0, second: 0, millisecond: 0 });
    const { body: booking } = await post<{ id: string; status: string }>('/v1/availability/book', {
      name: 'Pending Pat',
      email: 'pat@pending.example',
      context: 'Our changeovers take a shift.',
      preferredTimes: [saturday.toISO()],
    });
    expect(booking.status).toBe('pending');
    expect(bookingCard((await page('/staff/bookings', cookie)).html, booking.id)).toMatch(
      /Commitments Booking decision , due .*: decision due in \d+ (d|h|min).* · open · owner unassigned Owner Unassigned/,
    );

    const serviceId = 'local-market-constraint-audit';
    const { purchaseDigest } = (await get<{ purchaseDigest: string }>(`/v1/services/${serviceId}`)).body;
    const { body: session } = await post<{ token: string; checkoutUrl: string }>(`/v1/services/${serviceId}/checkout`, {
      purchaseDigest,
      buyerInputs: { responsibility_acknowledged: true, business_name: 'Clockwork Bakery', location: 'Erie, PA' },
    });
    await paySandboxCheckout(baseUrl(), session.checkoutUrl);
    const { body: checkout } = await get<{ reportUrl: string }>(`/v1/checkout/${session.token}`);
    const token = checkout.reportUrl.replace('/v1/reports/', '');
    // Five business days are at least four calendar days away, whatever the time of payment.
    expect(section((await page(`/staff/reports/${token}`, cookie)).html, 'commitments')).toMatch(
      /Consultant report , due .*: report due in \d+ d( \d+ h)? · open · owner unassigned/,
    );
  });
});

describe('/staff for each role, and /staff/promises', () => {
  it('gives marketing its areas, not the promises', async () => {
    const overview = await page('/staff', await staffCookie('marketing'));
    expect(overview.status).toBe(200);
    expect(overview.html).toContain('href="/staff/content"');
    expect(section(overview.html, 'commitments-overdue')).toBeNull();
    expect((await page('/staff/promises', await staffCookie('marketing'))).status).toBe(403);
  });

  it('draws the on-time rate by kind and week as an SVG chart inside the page, under the strict policy', async () => {
    const response = await fetch(`${baseUrl()}/staff/promises`, { headers: { cookie: await staffCookie('admin') } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/style-src 'self' 'nonce-[^']+'(;|$)/);
    const html = await response.text();
    for (const kind of ['all', 'inquiry-reply', 'booking-decision', 'report-delivery', 'website-audit']) {
      expect(html).toContain(`data-testid="chart-${kind}"`);
      expect(html).toMatch(new RegExp(`<svg[^>]*role="img"[^>]*aria-labelledby="${kind}-title ${kind}-desc"`));
    }
    // Nothing the policy would refuse: no inline style attribute, no script but Next's own.
    expect(html).not.toMatch(/<[^>]+\sstyle="/);
    expect((html.match(/<script(?![^>]*nonce=)[^>]*>/g) ?? []).length).toBe(0);
  });
});

describe('Availability.averageResponseTime', () => {
  it('is the configured figure with fewer than 10 kept replies in 90 days, then their mean in business hours', async () => {
    expect((await get<{ averageResponseTime: string }>('/v1/availability')).body.averageResponseTime).toBe('4 business hours');
    // Ten replies of three business hours each (10:00 to 13:00 firm time) on a recent working day of the firm's calendar.
    const holidays = new Set((await activeConsultants(database)).flatMap((c) => JSON.parse(c.holidays) as string[]));
    let day = DateTime.now().setZone(FIRM_ZONE).startOf('day').minus({ days: 21 });
    while (day.weekday > 5 || holidays.has(day.toISODate()!)) day = day.minus({ days: 1 });
    const inserted: string[] = [];
    try {
      for (let i = 0; i < 10; i += 1) {
        const { body } = await submit(`Response Time ${i}`);
        const { id } = (await commitmentOf(body.id))!;
        inserted.push(id);
        await database.run(
          `UPDATE "Commitment" SET "state" = 'kept', "createdAt" = ?, "keptAt" = ?, "closedByName" = 'Test' WHERE "id" = ?`,
          day.set({ hour: 10 }).toJSDate(),
          day.set({ hour: 13 }).toJSDate(),
          id,
        );
      }
      expect((await get<{ averageResponseTime: string }>('/v1/availability')).body.averageResponseTime).toBe('3 business hours');
    } finally {
      // Out of the count again, so the other files see the server as before (booking.test.ts reads the configured figure).
      for (const id of inserted) await database.run(`UPDATE "Commitment" SET "state" = 'void', "keptAt" = NULL WHERE "id" = ?`, id);
    }
  });

  it('says in the OpenAPI description how it is computed', async () => {
    const document = (await (await fetch(`${baseUrl()}/openapi.json`)).json()) as {
      components: { schemas: { Availability: { properties: { averageResponseTime: { description: string } } } } };
    };
    expect(document.components.schemas.Availability.properties.averageResponseTime.description).toContain(
      'the mean, over the inquiries answered in the last 90 days, of the time from arrival to the reply that kept the promised estimatedResponse',
    );
  });
});
