import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@/test-support/eventually';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';
import { openTestSql, type TestSql } from '../../test-support/test-sql';
import { startTestServer, type TestServer } from '../../test-support/test-server.mjs';

/**
 * /staff/system on a server of its own (its dead job degrades the health answer, which the shared server's tests read):
 * admins see the checks and why they fail, the runners, the queue and the incidents, and mark failures as seen. Who
 * may open it is checked with every staff page in staff.test.ts.
 */
let server: TestServer;
let database: TestSql;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  database = openTestSql(server.databaseUrl);
  admin = await staffCookie('admin', server.databaseUrl);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const page = (cookie?: string) => fetch(`${server.baseUrl}/staff/system`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
const health = async () =>
  (await (await fetch(`${server.baseUrl}/v1/health`)).json()) as { status: string; checks: Record<string, { status: string; detail: string }> };

describe('/staff/system', () => {
  it('shows the checks, the runner beating, the queue and no incident while all is well', async () => {
    // The jobs the start-up queues are due at once; on a busy machine the page may be read before the runner has run them.
    const html = await eventually(
      async () => (await page(admin)).text(),
      (text) => text.includes('1 job runner reporting.') && text.includes('No job is due.'),
      'the runner to report, with no job left due',
    );
    expect(html).toContain('No dead job or failed email waits to be seen.');
    expect(html).toContain('No incident yet.');
    expect(html).not.toContain('Mark the dead jobs and failed emails as seen');
  });

  it('shows a dead job nobody has seen, with its incident; marking it seen makes the site healthy again', async () => {
    const now = new Date();
    await database.run(
      `INSERT INTO "Job" ("id", "type", "payload", "status", "runAt", "attempts", "maxAttempts", "lastError", "createdAt", "updatedAt", "finishedAt") VALUES ('job_dead_system', 'diagnostics.noop', '{}', 'dead', ?, 3, 3, 'Error: gave up', ?, ?, ?)`,
      now,
      now,
      now,
      now,
    );
    expect((await health()).checks.unseenFailures).toMatchObject({ status: 'fail', detail: '1 dead job and 0 failed emails that no admin has looked at.' });
    expect((await health()).status).toBe('degraded');
    // The web instance's health watch opens the incident (and sends its alert, here kept as not sent: no SMTP_URL).
    const html = await eventually(
      async () => (await page(admin)).text(),
      (text) => text.includes('unseenFailures') && text.includes('>open<'),
      'the incident on the page',
    );
    expect(html).toContain('Mark the dead jobs and failed emails as seen');
    expect(await database.get(`SELECT "kind", "status" FROM "OutboxMessage" WHERE "aboutType" = 'incident'`)).toEqual({
      kind: 'system-alert',
      status: 'not-sent',
    });

    const marked = await callServerAction(server.baseUrl, {
      page: '/staff/system',
      filename: 'app/staff/system/actions.ts',
      exportedName: 'acknowledgeFailuresAction',
      cookie: admin,
    });
    expect(marked.headers.get('x-action-redirect')?.replace(/;.*$/, '')).toBe('/staff/system?done=1');
    expect(
      (await database.get<{ seen: number }>(`SELECT COUNT(*) AS seen FROM "Job" WHERE "id" = 'job_dead_system' AND "acknowledgedAt" IS NOT NULL`))!.seen,
    ).toBe(1);
    expect((await health()).status).toBe('healthy');
    // The incident closes, with its all-clear.
    await eventually(
      () => database.all<{ kind: string }>(`SELECT "kind" FROM "OutboxMessage" WHERE "aboutType" = 'incident' ORDER BY "kind"`),
      (rows) => rows.length === 2,
      'the all-clear',
    );
    expect(await database.get(`SELECT "check", "openCheck", "closedAt" IS NOT NULL AS "closed" FROM "Incident"`)).toEqual({
      check: 'unseenFailures',
      openCheck: null,
      closed: 1,
    });
  }, 60_000);
});
