import { afterAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { baseUrl, get, post } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';
import { callServerAction, paySandboxCheckout } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';

type Session = { token: string; checkoutUrl: string };
type Report = {
  status: string;
  failureReason: string | null;
  findings: { id: string }[] | null;
  summary: { counts: Record<string, number>; page: { finalUrl: string } | null } | null;
};

const STAFF_REPORT_ACTIONS = 'app/staff/reports/actions.ts';
const database = serverDatabase();
afterAll(() => database.close());

/** Buys an audit through /v1 and pays on the sandbox page (its Pay button's action); returns the report's path. */
async function buyAudit(serviceId: string, buyerInputs: Record<string, unknown>): Promise<string> {
  const { purchaseDigest } = (await get<{ purchaseDigest: string }>(`/v1/services/${serviceId}`)).body;
  const { body: session } = await post<Session>(`/v1/services/${serviceId}/checkout`, {
    purchaseDigest,
    buyerInputs: { responsibility_acknowledged: true, ...buyerInputs },
  });
  const paid = await paySandboxCheckout(baseUrl(), session.checkoutUrl);
  expect(paid.headers.get('x-action-redirect')).toMatch(new RegExp(`^/checkout/${session.token}`));
  const { body: checkout } = await get<{ status: string; reportUrl: string }>(`/v1/checkout/${session.token}`);
  expect(checkout.status).toBe('complete');
  return checkout.reportUrl;
}

/** Reads the report (validated against the OpenAPI document) until it leaves queued and processing. */
async function settled(reportUrl: string): Promise<Report> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const { body } = await get<Report>(reportUrl);
    if (body.status === 'ready' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`report still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const tokenOf = (reportUrl: string) => reportUrl.replace('/v1/reports/', '');
const auditActions = async (token: string) =>
  (
    await database.all<{ actorId: string; action: string }>(
      `SELECT "actorId", "action" FROM "AuditLog" WHERE "entityType" = 'report' AND "entityId" = ? ORDER BY "id"`,
      token,
    )
  ).map((row) => `${row.actorId === 'system' ? 'system' : 'staff'} ${row.action}`);

describe('the website offer audit, end to end on the production server', () => {
  it('is produced by the job runner beside the server once paid: the findings of the real page', async () => {
    const page = `${inject('auditPageOrigin')}/offer`;
    const reportUrl = await buyAudit('website-offer-audit', { url_to_audit: page });
    const report = await settled(reportUrl);
    expect(report).toMatchObject({ status: 'ready', failureReason: null });
    expect(report.summary?.counts).toEqual({ critical: 1, major: 9, minor: 7, info: 0, total: 17 });
    expect(report.summary?.page?.finalUrl).toBe(page);
    expect(report.findings?.[0]?.id).toBe('basics.not-https');
    expect(await auditActions(tokenOf(reportUrl))).toEqual(['system report.ready']);

    const html = await (await fetch(`${baseUrl()}${reportUrl.replace('/v1/reports/', '/reports/')}`)).text();
    expect(html).toContain('Your report is ready');
    expect(html).toContain('The form asks for 12 fields, 9 of them required');
  });

  it("fails with the buyer's sentence for a page it may not fetch; staff see why and run it again", async () => {
    const reportUrl = await buyAudit('website-offer-audit', { url_to_audit: 'http://127.0.0.1:9/offer' });
    const token = tokenOf(reportUrl);
    const failed = await settled(reportUrl);
    const reason = 'The page at http://127.0.0.1:9/offer is served on port 9; we only audit pages on the standard web ports 80 and 443.';
    expect(failed).toEqual(expect.objectContaining({ status: 'failed', failureReason: reason, findings: null, summary: null }));
    expect(await auditActions(token)).toEqual(['system report.failed']);

    const sales = await staffCookie('sales');
    const list = await (await fetch(`${baseUrl()}/staff/reports`, { headers: { cookie: sales } })).text();
    expect(list).toContain(reason);
    const rerun = await callServerAction(baseUrl(), {
      page: '/staff/reports',
      filename: STAFF_REPORT_ACTIONS,
      exportedName: 'rerunUrlAuditAction',
      args: [token],
      cookie: sales,
    });
    expect(rerun.headers.get('x-action-redirect')).toBe('/staff/reports?done=1;push');
    expect((await settled(reportUrl)).status).toBe('failed');
    expect(await auditActions(token)).toEqual(['system report.failed', 'staff report.rerun', 'system report.failed']);
  });
});

describe('the local-visibility audit in the staff area', () => {
  it('waits for a consultant, listed with what the buyer sent, as text', async () => {
    const reportUrl = await buyAudit('local-market-constraint-audit', { business_name: '<img src=x onerror=alert(1)>Bakery', location: 'Pittsburgh, PA' });
    await new Promise((resolve) => setTimeout(resolve, 500)); // give a (wrongly) enqueued job the time to run
    expect((await get<Report>(reportUrl)).body.status).toBe('queued');
    const html = await (await fetch(`${baseUrl()}/staff/reports`, { headers: { cookie: await staffCookie('admin') } })).text();
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;Bakery, Pittsburgh, PA');
    expect(html).not.toContain('<img src=x');
  });

  it('is claimed through the staff action: processing, with who (drafting and publishing: e2e/browser/reports.spec.ts)', async () => {
    const reportUrl = await buyAudit('local-market-constraint-audit', { place_id: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
    const token = tokenOf(reportUrl);
    const page = `/staff/reports/${token}`;
    const sales = await staffCookie('sales');
    const claimed = await callServerAction(baseUrl(), {
      page,
      filename: STAFF_REPORT_ACTIONS,
      exportedName: 'claimReportAction',
      args: [token],
      cookie: sales,
    });
    expect(claimed.headers.get('x-action-redirect')).toBe(`${page}?done=1;push`);
    expect((await get<Report>(reportUrl)).body.status).toBe('processing');
    expect(await (await fetch(`${baseUrl()}${page}`, { headers: { cookie: sales } })).text()).toContain('Being written by Test sales');
    expect(await auditActions(token)).toEqual(['staff report.claim']);
  });
});
