import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffCookie } from '../../test-support/http/staff';
import { startTestServer, type TestServer } from '../../test-support/test-server.mjs';
import { openTestSql } from '../../test-support/test-sql';

/**
 * A firm in Berlin (FIRM_TIME_ZONE=Europe/Berlin): the staff pages write every commitment time in Berlin's time, with
 * its zone named, and none in New York's (the old default of formatDateTime). The server's own clock decides the
 * inquiry's due time, so the expected strings are derived from what the API answered.
 */
const ZONE = 'Europe/Berlin';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { FIRM_TIME_ZONE: ZONE, JOB_RUNNER: 'off' } });
});
afterAll(async () => {
  await server?.stop();
});

/** A moment as the staff pages write it in Berlin: "Nov 27, 2026, 10:00 AM GMT+1" (GMT+2 in summer). */
const inBerlin = (iso: string) => {
  const local = DateTime.fromISO(iso, { zone: ZONE, locale: 'en-US' });
  return `${local.toFormat('LLL d, yyyy, h:mm a')} GMT+${local.offset / 60}`;
};
/** A server-rendered page's text: tags and React's text separators dropped, spaces collapsed. */
const pageText = async (path: string, cookie: string) => {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie }, redirect: 'manual' });
  expect(response.status, path).toBe(200);
  return (await response.text())
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
};

describe('commitment times on the staff pages of a firm outside New York', () => {
  it('shows the due time in FIRM_TIME_ZONE on the overview, the inquiry page and the promises page', async () => {
    const response = await fetch(`${server.baseUrl}/v1/inquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        companyName: 'Berliner Guss',
        contactName: 'Rosa Diaz',
        email: 'rosa@guss.example',
        problemDescription: 'Late orders.',
        urgency: 'high',
      }),
    });
    expect(response.status).toBe(200);
    const inquiry = (await response.json()) as { id: string; estimatedResponse: string };
    const due = inBerlin(inquiry.estimatedResponse);
    // Eight business hours of a 09:00-17:00 firm end within its working day, in Berlin's time.
    expect(DateTime.fromISO(inquiry.estimatedResponse, { zone: ZONE }).hour).toBeGreaterThanOrEqual(9);
    const cookie = await staffCookie('sales', server.databaseUrl);

    const overview = await pageText('/staff', cookie);
    expect(overview).toContain(`Reply to inquiry`);
    expect(overview).toContain(` ${due} `);
    const record = await pageText(`/staff/inquiries/${inquiry.id}`, cookie);
    expect(record).toContain(`Answer due ${due}`);
    expect(record).toContain(`Inquiry reply , due ${due}:`);
    for (const text of [overview, record]) expect(text).not.toMatch(/\bE[SD]T\b/);

    // Missed a day ago (on the server's clock): the promises page lists it with the time it was due, in Berlin's time.
    const sql = openTestSql(server.databaseUrl);
    const missedDue = DateTime.now().minus({ days: 1 }).set({ second: 0, millisecond: 0 }).toJSDate();
    try {
      await sql.run(
        `UPDATE "Commitment" SET "state" = 'missed', "dueAt" = ?, "missedAt" = ?, "missReason" = 'Nobody was assigned.'
         WHERE "inquiryNumber" = (SELECT "number" FROM "Inquiry" WHERE "id" = ?)`,
        missedDue,
        missedDue,
        inquiry.id,
      );
    } finally {
      await sql.close();
    }
    const promises = await pageText('/staff/promises', cookie);
    expect(promises).toContain(` ${inBerlin(missedDue.toISOString())} `);
    expect(promises).not.toMatch(/\bE[SD]T\b/);
  });
});
