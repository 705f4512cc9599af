import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findInjections, visibleText, XSS_PAYLOADS } from '@/test-support/xss';
import { paySandboxCheckout } from '../../test-support/http/server-actions.mjs';
import { baseUrl, get, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { activeConsultants, workingDay } from '../../test-support/schedule';
import { staffCookie } from '../../test-support/http/staff';

/**
 * A visitor's text travels: from the contact form and /v1 into the staff inbox, the bookings list, the outbox (text and
 * HTML parts), the consultant's report queue and the booker's own page. Every XSS payload must arrive as the text it is,
 * on every one of those pages (the emails' HTML parts are checked one by one in lib/mail/templates/visitor-text.test.ts).
 */
const database = serverDatabase();
afterAll(() => database.close());
let admin = '';

const created = { inquiries: [] as string[], bookingTokens: [] as string[], reports: [] as string[] };

beforeAll(async () => {
  admin = await staffCookie('admin');
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const inquiry = await post<{ id: string }>('/v1/inquiries', {
      companyName: payload,
      contactName: payload,
      email: `visitor${index}@xss.example`,
      phone: '+1 412 555 0100',
      problemDescription: `Our constraint: ${payload}`,
      industry: payload,
      timeline: payload,
      preferredServices: [payload],
    });
    expect(inquiry.status).toBe(200);
    created.inquiries.push(inquiry.body.id);
    // Out of hours: stored pending, for staff to schedule, with the visitor's name and context on show.
    const booking = await post<{ manageApiUrl: string }>('/v1/availability/book', {
      name: payload,
      email: `booker${index}@xss.example`,
      context: payload,
      preferredTimes: [
        workingDay(await activeConsultants(database), 22)
          .set({ hour: 2, minute: index * 2 })
          .toISO(),
      ],
    });
    expect(booking.status).toBe(200);
    created.bookingTokens.push(booking.body.manageApiUrl.split('/').at(-1)!);
  }
  const { purchaseDigest } = (await get<{ purchaseDigest: string }>('/v1/services/local-market-constraint-audit')).body;
  for (let index = 0; index < XSS_PAYLOADS.length; index += 2) {
    const { body: session } = await post<{ token: string; checkoutUrl: string }>('/v1/services/local-market-constraint-audit/checkout', {
      purchaseDigest,
      buyerInputs: { responsibility_acknowledged: true, business_name: XSS_PAYLOADS[index], location: XSS_PAYLOADS[index + 1] },
    });
    await paySandboxCheckout(baseUrl(), session.checkoutUrl);
    const report = (await database.get<{ token: string }>('SELECT "token" FROM "Report" WHERE "checkoutToken" = ?', session.token))!;
    created.reports.push(report.token);
  }
});

async function page(path: string, cookie = admin): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return response.text();
}

/** The page runs none of the payloads, and shows each of `shown` as text. */
function expectOnlyText(html: string, where: string, shown: readonly string[] = XSS_PAYLOADS) {
  expect(findInjections(html, where)).toEqual([]);
  const text = visibleText(html).replace(/\s+/g, ' ');
  for (const payload of shown) expect(text, `${where} shows ${payload}`).toContain(payload.replace(/\s+/g, ' ').trim());
}

const outboxIdsAbout = async (aboutId: string) =>
  (await database.all<{ id: string }>('SELECT "id" FROM "OutboxMessage" WHERE "aboutId" = ? ORDER BY "id"', aboutId)).map((row) => row.id);

describe('visitor text with XSS payloads', () => {
  it('stays text in the staff inbox list', async () => {
    expectOnlyText(await page('/staff/inquiries'), '/staff/inquiries');
  });

  it('stays text on each inquiry', async () => {
    for (const [index, id] of created.inquiries.entries())
      expectOnlyText(await page(`/staff/inquiries/${id}`), `/staff/inquiries/${id}`, [XSS_PAYLOADS[index]!]);
  });

  it('stays text in the bookings list', async () => {
    expectOnlyText(await page('/staff/bookings'), '/staff/bookings');
  });

  it('stays text in the outbox list and in every message about the visitor, HTML part (a sandboxed frame) included', async () => {
    expect(findInjections(await page('/staff/outbox'), '/staff/outbox')).toEqual([]);
    for (const [index, id] of created.inquiries.entries()) {
      const messages = await outboxIdsAbout(id);
      expect(messages.length, `messages about ${id}`).toBeGreaterThanOrEqual(2);
      for (const message of messages) {
        const html = await page(`/staff/outbox/${message}`);
        expectOnlyText(html, `/staff/outbox/${message}`, [XSS_PAYLOADS[index]!]);
        expect(html).toMatch(/<iframe[^>]*sandbox=""/);
      }
    }
  });

  it('stays text in the consultants’ report queue and on each report to write', async () => {
    expectOnlyText(await page('/staff/reports'), '/staff/reports', []);
    for (const [index, token] of created.reports.entries()) {
      expectOnlyText(await page(`/staff/reports/${token}`), `/staff/reports/${token}`, [XSS_PAYLOADS[index * 2]!, XSS_PAYLOADS[index * 2 + 1]!]);
    }
  });

  it('stays text on the booker’s own page', async () => {
    for (const [index, token] of created.bookingTokens.entries())
      expectOnlyText(await page(`/bookings/${token}`, ''), `/bookings/${token}`, [XSS_PAYLOADS[index]!]);
  });
});
