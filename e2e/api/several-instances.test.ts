import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { isPostgresUrl, openTestSql, type TestSql } from '../../test-support/test-sql';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-server.mjs';
import { overlappingConfirmedBookings } from '../../test-support/http/booking-checks';
import { publishPrice } from '../../test-support/http/content-changes';
import { npmStart, type Instance } from '../../test-support/http/npm-start';
import { activeConsultants, consultantsWorking, workingDay } from '../../test-support/schedule';

/**
 * Several instances of the app on one database, each started as an operator starts it (`npm start`), on whichever
 * engine this run uses: SQLite under `npm run test:http`, PostgreSQL under `npm run test:pg`.
 */
const postgres = isPostgresUrl(inject('databaseUrl'));
const REVALIDATE_MS = 1000;
// The shared rate limits (when present) count every request of this test as one client's.
const INSTANCE_ENV = { CONTENT_REVALIDATE_MS: String(REVALIDATE_MS), RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_WRITES_PER_MINUTE: '1000000' };

let database: TestDatabase;
let sql: TestSql;
let a: Instance;
let b: Instance;

beforeAll(async () => {
  database = await createTestDatabase('toc_instances_', { empty: true });
  sql = openTestSql(database.databaseUrl);
  if (postgres) {
    // Both at once on an empty database: the start-up lock decides who migrates and seeds.
    [a, b] = await Promise.all([npmStart(database.databaseUrl, INSTANCE_ENV), npmStart(database.databaseUrl, INSTANCE_ENV)]);
  } else {
    a = await npmStart(database.databaseUrl, INSTANCE_ENV);
    b = await npmStart(database.databaseUrl, INSTANCE_ENV);
  }
}, 240_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await sql?.close();
  await database?.remove();
});

const send = (instance: Instance, path: string, body: unknown) =>
  fetch(`${instance.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const inquiry = (email: string) => ({
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email,
  problemDescription: 'Our heat-treat furnace runs overtime every week while assembly waits for parts.',
  urgency: 'high',
});

describe('two instances on one database', () => {
  it.skipIf(!postgres)('starting at once on an empty PostgreSQL, migrate and seed it once, one after the other', async () => {
    const outputs = [a.output(), b.output()];
    const count = (text: string) => outputs.filter((output) => output.includes(text)).length;
    expect(count('All migrations have been successfully applied.')).toBe(1);
    expect(count('Database: every migration is applied.')).toBe(1);
    expect(count('Seed: imported')).toBe(1);
    expect(count('Seed: content already present')).toBe(1);
    const migrations = readdirSync('prisma/postgres/migrations', { withFileTypes: true }).filter((entry) => entry.isDirectory());
    const applied = await sql.all<{ name: string; n: number }>(
      'SELECT "migration_name" AS name, COUNT(*) AS n FROM "_prisma_migrations" WHERE "finished_at" IS NOT NULL GROUP BY "migration_name" ORDER BY "migration_name"',
    );
    expect(applied).toEqual(migrations.map((entry) => ({ name: entry.name, n: 1 })));
    expect(await sql.get('SELECT "revision" FROM "ContentRevision"')).toEqual({ revision: 1 });
  });

  it('30 simultaneous bookings of one time, split over both: confirmed ≤ free consultants, no overlap, all stored', async () => {
    const consultants = await activeConsultants(sql);
    const start = workingDay(consultants, 6).set({ hour: 13 });
    const free = consultantsWorking(consultants, start, 60, 'implementation-support');
    expect(free.length).toBeGreaterThan(1);
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        send(i % 2 === 0 ? a : b, '/v1/availability/book', {
          name: 'Sam Okoye',
          email: `buyer${i}@pair.example`,
          context: 'Packaging line bottleneck',
          preferredTimes: [start.toISO()],
          serviceType: 'implementation-support',
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    const statuses = await Promise.all(responses.map(async (response) => ((await response.json()) as { status: string }).status));
    const confirmed = statuses.filter((status) => status === 'confirmed').length;
    expect(confirmed).toBeGreaterThan(0);
    expect(confirmed).toBeLessThanOrEqual(free.length);
    expect(confirmed + statuses.filter((status) => status === 'pending').length).toBe(30);
    expect(await sql.get(`SELECT COUNT(*) AS n FROM "Booking" WHERE "email" LIKE '%@pair.example'`)).toEqual({ n: 30 });
    expect(await overlappingConfirmedBookings(sql)).toBe(0);
    console.info(`two instances: 30 bookings, ${confirmed} confirmed of ${free.length} consultants free`);
  });

  it('25 simultaneous inquiries, split over both, get distinct tickets', async () => {
    const responses = await Promise.all(Array.from({ length: 25 }, (_, i) => send(i % 2 === 0 ? a : b, '/v1/inquiries', inquiry(`rosa${i}@pair.example`))));
    expect(responses.map((response) => response.status)).toEqual(Array(25).fill(200));
    const tickets = await Promise.all(responses.map(async (response) => ((await response.json()) as { supportTicket: string }).supportTicket));
    expect(new Set(tickets).size).toBe(25);
    expect(await sql.get(`SELECT COUNT(*) AS n FROM "Inquiry" WHERE "email" LIKE 'rosa%@pair.example'`)).toEqual({ n: 25 });
  });

  it(`serves a published change on every instance within CONTENT_REVALIDATE_MS (${REVALIDATE_MS} ms) + 1 s`, async () => {
    const amountOn = async (instance: Instance) =>
      ((await (await fetch(`${instance.baseUrl}/v1/services/constraint-snapshot`)).json()) as { pricing: { amount: number } }).pricing.amount;
    // Both have the content in memory before the change.
    expect([await amountOn(a), await amountOn(b)]).toEqual([1450, 1450]);
    // Committed as staff publishing commits it: the row and the content revision in one transaction.
    await publishPrice(database.databaseUrl, 'constraint-snapshot', 151_000);
    const published = Date.now();
    const seenAfter = await Promise.all(
      [a, b].map(async (instance) => {
        while ((await amountOn(instance)) !== 1510) {
          if (Date.now() - published > 10_000) throw new Error(`${instance.baseUrl} still serves the old price`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
        return Date.now() - published;
      }),
    );
    for (const elapsed of seenAfter) expect(elapsed).toBeLessThanOrEqual(REVALIDATE_MS + 1000);
  });

  it('lets a further instance start cleanly while the first serves a write load', async () => {
    let stop = false;
    let sent = 0;
    const failures: string[] = [];
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i += 1) {
        const response = await send(a, '/v1/inquiries', inquiry(`load${lane}-${i}@pair.example`));
        sent += 1;
        if (response.status !== 200) failures.push(`${response.status} ${await response.text()}`);
        else await response.arrayBuffer();
      }
    };
    const load = Promise.all([0, 1, 2, 3].map(writer));
    let c: Instance | undefined;
    try {
      c = await npmStart(database.databaseUrl, INSTANCE_ENV);
      expect((await fetch(`${c.baseUrl}/v1/health`)).status).toBe(200);
      expect(c.output()).not.toMatch(/P1008|Error:/);
    } finally {
      stop = true;
      await load;
      await c?.stop();
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(0);
    console.info(`a third instance started while the first took ${sent} inquiries`);
  }, 240_000);
});
