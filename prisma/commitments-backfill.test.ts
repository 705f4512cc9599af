import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The commitments migration backfills the promises existing records made. Its SQL runs on the migration's own clock
 * (the real one), so this test arranges the records relative to the real time, or at fixed dates far enough in the
 * past that their outcome does not depend on when the test runs.
 */
const MIGRATIONS = path.join(import.meta.dirname, 'migrations');
const COMMITMENTS = '20261125230000_commitments';

const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-backfill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Prisma's SQLite text for an instant. */
const text = (date: Date) => date.toISOString().replace('Z', '+00:00');
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000);

function migrate(database: Database.Database, filter: (name: string) => boolean) {
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => /^\d+_/.test(n))
    .sort()
    .filter(filter)) {
    database.exec(readFileSync(path.join(MIGRATIONS, name, 'migration.sql'), 'utf8'));
  }
}

function arrange(database: Database.Database) {
  const now = new Date();
  const times = { openSubmitted: text(hoursFromNow(-1)), openDue: text(hoursFromNow(5)), soonStart: text(hoursFromNow(2)) };
  database.exec(`INSERT INTO "StaffUser" ("id", "email", "displayName", "role", "passwordHash", "active", "createdAt")
                 VALUES ('stf_dana', 'dana@example.com', 'Dana Reyes', 'sales', 'x', true, '${text(now)}')`);
  const inquiry = database.prepare(`INSERT INTO "Inquiry" ("number", "id", "companyName", "contactName", "email", "problemDescription", "preferredServices",
                                      "status", "submittedAt", "estimatedResponseAt") VALUES (?, ?, 'Acme', 'Jo', 'jo@acme.example', 'x', '[]', ?, ?, ?)`);
  inquiry.run(1, 'inq_open', 'submitted', times.openSubmitted, times.openDue);
  inquiry.run(2, 'inq_overdue', 'submitted', text(hoursFromNow(-30)), text(hoursFromNow(-2)));
  inquiry.run(3, 'inq_late', 'contacted', text(hoursFromNow(-50)), text(hoursFromNow(-40)));
  inquiry.run(4, 'inq_on_time', 'reviewed', text(hoursFromNow(-50)), text(hoursFromNow(-40)));
  const change = database.prepare(
    `INSERT INTO "InquiryStatusChange" ("inquiryNumber", "fromStatus", "toStatus", "actorId", "createdAt") VALUES (?, ?, ?, 'stf_dana', ?)`,
  );
  change.run(3, 'submitted', 'reviewed', text(hoursFromNow(-30)));
  change.run(3, 'reviewed', 'contacted', text(hoursFromNow(-29)));
  change.run(4, 'submitted', 'reviewed', text(hoursFromNow(-45)));

  const booking = database.prepare(`INSERT INTO "Booking" ("id", "name", "email", "context", "durationMinutes", "preferredTimes", "status", "scheduledStart",
                                      "scheduledEnd", "manageToken", "createdAt") VALUES (?, 'Sam', 'sam@example.com', 'x', 60, '[]', ?, ?, ?, ?, ?)`);
  // Friday 13 November 2026, 10:00 New York: decided by Monday (over the weekend), long past.
  booking.run('bkg_friday', 'pending', '2030-01-07T15:00:00.000+00:00', '2030-01-07T16:00:00.000+00:00', 'm1', '2026-11-13T15:00:00.000+00:00');
  // Wednesday 11 November, 10:00: by Thursday at the same time. Saturday 14th and Sunday 15th, 10:00: by Monday 10:00.
  booking.run('bkg_wednesday', 'pending', '2030-01-07T15:00:00.000+00:00', '2030-01-07T16:00:00.000+00:00', 'm4', '2026-11-11T15:00:00.000+00:00');
  booking.run('bkg_saturday', 'pending', '2030-01-07T15:00:00.000+00:00', '2030-01-07T16:00:00.000+00:00', 'm5', '2026-11-14T15:00:00.000+00:00');
  booking.run('bkg_sunday', 'pending', '2030-01-07T15:00:00.000+00:00', '2030-01-07T16:00:00.000+00:00', 'm6', '2026-11-15T15:00:00.000+00:00');
  // Asked an hour ago for a time two hours from now: decided before that time.
  booking.run('bkg_soon', 'pending', times.soonStart, text(hoursFromNow(3)), 'm2', text(hoursFromNow(-1)));
  booking.run('bkg_confirmed', 'confirmed', text(hoursFromNow(30)), text(hoursFromNow(31)), 'm3', text(hoursFromNow(-1)));

  const service = database.prepare(`INSERT INTO "Service" ("id", "name", "description", "category", "updatedAt", "ctaType", "pricingModel", "priceMinor",
                                      "timelineMinWeeks", "timelineMaxWeeks", "timelineDescription", "deliverables", "benefits", "process", "industryExpertise",
                                      "buyerInputs") VALUES (?, 'Audit', 'x', 'offer-analysis', '${text(now)}', 'stripe', 'fixed_stripe', 59000, 1, ?, 'x', '[]', '[]', '[]', '[]', '{}')`);
  service.run('one-week-audit', 1);
  service.run('two-week-audit', 2);
  const checkout = database.prepare(`INSERT INTO "Checkout" ("token", "serviceId", "serviceName", "amountMinor", "currency", "purchaseDigest", "buyerInputs",
                                       "status", "provider", "providerSessionId", "paymentUrl", "createdAt", "expiresAt")
                                       VALUES (?, 'one-week-audit', 'Audit', 59000, 'USD', 'pd', '{}', 'complete', 'sandbox', ?, 'x', '${text(now)}', '${text(now)}')`);
  const report = database.prepare(`INSERT INTO "Report" ("token", "checkoutToken", "serviceId", "producer", "status", "createdAt", "claimedById")
                                     VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const reports: [string, string, string, string, string, string | null][] = [
    ['rpt_queued', 'one-week-audit', 'consultant', 'queued', '2026-11-10T15:00:00.000+00:00', null],
    ['rpt_writing', 'two-week-audit', 'consultant', 'processing', text(hoursFromNow(-1)), 'stf_dana'],
    ['rpt_ready', 'one-week-audit', 'consultant', 'ready', text(hoursFromNow(-1)), 'stf_dana'],
    ['rpt_running', 'one-week-audit', 'system', 'processing', text(hoursFromNow(-0.25)), null],
    ['rpt_failed', 'one-week-audit', 'system', 'failed', text(hoursFromNow(-0.25)), null],
  ];
  for (const [token, serviceId, producer, status, createdAt, claimedById] of reports) {
    checkout.run(`chk_${token}`, `cs_${token}`);
    report.run(token, `chk_${token}`, serviceId, producer, status, createdAt, claimedById);
  }
  return times;
}

describe('the commitments migration', () => {
  it('records the promises of open records (missed when already overdue) and the kept replies of answered inquiries', () => {
    const database = new Database(path.join(dir, 'app.db'));
    migrate(database, (name) => name < COMMITMENTS);
    const times = arrange(database);
    const before = text(new Date());
    migrate(database, (name) => name === COMMITMENTS);
    const after = text(new Date());
    const rows = database
      .prepare(`SELECT COALESCE(c."inquiryNumber", c."bookingId", c."reportToken") AS record, c.* FROM "Commitment" c ORDER BY record`)
      .all() as Record<string, string | number | null>[];
    database.close();

    const get = (record: string | number) => rows.find((row) => row.record === record)!;
    expect(rows.map((row) => [row.record, row.kind, row.state])).toEqual([
      [1, 'inquiry-reply', 'open'],
      [2, 'inquiry-reply', 'missed'],
      [3, 'inquiry-reply', 'kept'],
      [4, 'inquiry-reply', 'kept'],
      ['bkg_friday', 'booking-decision', 'missed'],
      ['bkg_saturday', 'booking-decision', 'missed'],
      ['bkg_soon', 'booking-decision', 'open'],
      ['bkg_sunday', 'booking-decision', 'missed'],
      ['bkg_wednesday', 'booking-decision', 'missed'],
      ['rpt_queued', 'report-delivery', 'missed'],
      ['rpt_running', 'website-audit', 'open'],
      ['rpt_writing', 'report-delivery', 'open'],
    ]);
    for (const row of rows) expect(row.id).toMatch(/^cmt_backfill_[0-9a-f]{32}$/);

    expect(get(1)).toMatchObject({ dueAt: times.openDue, createdAt: times.openSubmitted, remindedAt: null, missedAt: null, ownerId: null });
    const overdue = get(2);
    expect(overdue.missReason).toBe('Already overdue when commitments began to be tracked.');
    // Missed and "reminded" by the migration itself, so the first watch sends nothing about it.
    for (const field of ['missedAt', 'remindedAt'] as const) {
      expect(String(overdue[field]) >= before && String(overdue[field]) <= after, `${field} ${overdue[field]}`).toBe(true);
    }
    expect(get(3)).toMatchObject({ closedById: 'stf_dana', closedByName: 'Dana Reyes', closeNote: 'moved to reviewed' });
    expect(get(3).keptAt! > get(3).dueAt!).toBe(true);
    expect(get(3).missedAt).toBe(get(3).dueAt);
    expect(get(4)).toMatchObject({ missedAt: null, missReason: null, closeNote: 'moved to reviewed' });
    expect(get(4).keptAt! < get(4).dueAt!).toBe(true);

    expect(get('bkg_friday')).toMatchObject({ dueAt: '2026-11-16T15:00:00.000+00:00', createdAt: '2026-11-13T15:00:00.000+00:00' });
    expect(get('bkg_wednesday')).toMatchObject({ dueAt: '2026-11-12T15:00:00.000+00:00', createdAt: '2026-11-11T15:00:00.000+00:00' });
    expect(get('bkg_saturday')).toMatchObject({ dueAt: '2026-11-16T15:00:00.000+00:00', createdAt: '2026-11-14T15:00:00.000+00:00' });
    expect(get('bkg_sunday')).toMatchObject({ dueAt: '2026-11-16T15:00:00.000+00:00', createdAt: '2026-11-15T15:00:00.000+00:00' });
    expect(get('bkg_soon').dueAt).toBe(times.soonStart);
    expect(get('rpt_queued')).toMatchObject({ dueAt: '2026-11-17T15:00:00.000+00:00', ownerId: null });
    expect(get('rpt_writing').ownerId).toBe('stf_dana');
    expect(Date.parse(String(get('rpt_writing').dueAt)) - Date.parse(String(get('rpt_writing').createdAt))).toBe(14 * 86_400_000);
    expect(Date.parse(String(get('rpt_running').dueAt)) - Date.parse(String(get('rpt_running').createdAt))).toBe(30 * 60_000);
  });
});
