import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { consumeRateLimit, createRateLimit, rateLimitsInForce } from './rate-limiter';

const T0 = new Date('2026-11-23T15:00:00.000Z');
const at = (ms: number) => vi.setSystemTime(new Date(T0.getTime() + ms));

async function consumeTimes(limit: { consume(client: string): Promise<unknown> }, client: string, times: number) {
  const decisions = [];
  for (let i = 0; i < times; i += 1) decisions.push(await limit.consume(client));
  return decisions;
}

// The limiter reads the clock through Date; only Date is faked, so database I/O and timers run normally.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: T0 });
});
afterEach(async () => {
  vi.useRealTimers();
  await db.rateLimit.deleteMany();
});

describe('a rate limit counted exactly (writes)', () => {
  it('allows the limit in a minute, refuses the next request until the minute is over, then starts again', async () => {
    const reads = createRateLimit('reads', 3);
    expect(await consumeTimes(reads, '198.51.100.1', 4)).toEqual([
      { allowed: true, limit: 3, remaining: 2, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 1, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 0, resetSeconds: 60 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 60 },
    ]);
    at(20_000);
    expect(await reads.consume('198.51.100.1')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 40 });
    at(59_999);
    expect(await reads.consume('198.51.100.1')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 1 });
    at(60_000);
    expect(await reads.consume('198.51.100.1')).toEqual({ allowed: true, limit: 3, remaining: 2, resetSeconds: 60 });
  });

  it('counts each client and each limit apart', async () => {
    const reads = createRateLimit('reads', 2);
    const writes = createRateLimit('writes', 2);
    await consumeTimes(reads, '198.51.100.1', 3);
    expect(await reads.consume('198.51.100.2')).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(await writes.consume('198.51.100.1')).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
    expect(await db.rateLimit.findMany({ orderBy: { key: 'asc' } })).toEqual([
      { key: 'reads:198.51.100.1', points: 3, expire: new Date(T0.getTime() + 60_000) },
      { key: 'reads:198.51.100.2', points: 1, expire: new Date(T0.getTime() + 60_000) },
      { key: 'writes:198.51.100.1', points: 1, expire: new Date(T0.getTime() + 60_000) },
    ]);
  });

  it('is one count for every instance on the database', async () => {
    // Two limiters with their own memory stand for two processes.
    const first = createRateLimit('writes', 4);
    const second = createRateLimit('writes', 4);
    await consumeTimes(first, '2001:db8::7', 2);
    at(5_000);
    expect(await consumeTimes(second, '2001:db8::7', 2)).toEqual([
      { allowed: true, limit: 4, remaining: 1, resetSeconds: 55 },
      { allowed: true, limit: 4, remaining: 0, resetSeconds: 55 },
    ]);
    expect(await first.consume('2001:db8::7')).toEqual({ allowed: false, limit: 4, remaining: 0, resetSeconds: 55 });
  });

  it('refuses a client it refused before from memory, without asking the database', async () => {
    const first = createRateLimit('reads', 2);
    await consumeTimes(first, '198.51.100.9', 3);
    await db.rateLimit.deleteMany();
    at(30_000);
    expect(await first.consume('198.51.100.9')).toEqual({ allowed: false, limit: 2, remaining: 0, resetSeconds: 30 });
    expect(await db.rateLimit.count()).toBe(0);
    // Another instance has no such memory and counts from the (now empty) database.
    expect(await createRateLimit('reads', 2).consume('198.51.100.9')).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });

  it('keeps counting in memory while the database cannot be written', async () => {
    const down = () => Promise.reject(new Error('database is locked'));
    const brokenStore = { rateLimit: { deleteMany: down, upsert: down, findFirst: down } };
    const writes = createRateLimit('writes', 2, { store: brokenStore });
    expect((await consumeTimes(writes, '198.51.100.3', 3)).map((d) => (d as { allowed: boolean }).allowed)).toEqual([true, true, false]);
  });
});

describe('a rate limit counted in batches (reads)', () => {
  const row = async (key: string) => (await db.rateLimit.findUnique({ where: { key } }))?.points ?? null;

  it('decides each request at once; the database hears of the first one, then of the rest at most once a second', async () => {
    const reads = createRateLimit('reads', 3, { syncEveryMs: 1000 });
    expect(await consumeTimes(reads, '198.51.100.30', 5)).toEqual([
      { allowed: true, limit: 3, remaining: 2, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 1, resetSeconds: 60 },
      { allowed: true, limit: 3, remaining: 0, resetSeconds: 60 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 60 },
      { allowed: false, limit: 3, remaining: 0, resetSeconds: 60 },
    ]);
    expect(await row('reads:198.51.100.30')).toBe(1);
    at(1_000);
    expect(await reads.consume('198.51.100.30')).toEqual({ allowed: false, limit: 3, remaining: 0, resetSeconds: 59 });
    await reads.flush();
    expect(await row('reads:198.51.100.30')).toBe(6);
  });

  it('starts a new window when the old one ends', async () => {
    const reads = createRateLimit('reads', 2, { syncEveryMs: 1000 });
    await consumeTimes(reads, '198.51.100.31', 4);
    at(60_000);
    expect(await reads.consume('198.51.100.31')).toEqual({ allowed: true, limit: 2, remaining: 1, resetSeconds: 60 });
  });

  it('counts every instance together: each learns the counts of the others when it adds its own', async () => {
    const first = createRateLimit('reads', 5, { syncEveryMs: 1000 });
    const second = createRateLimit('reads', 5, { syncEveryMs: 1000 });
    await consumeTimes(first, '2001:db8::30', 2);
    await consumeTimes(second, '2001:db8::30', 2);
    await first.flush();
    await second.flush();
    expect(await row('reads:2001:db8::30')).toBe(4);
    at(1_000);
    expect(await first.consume('2001:db8::30')).toEqual({ allowed: true, limit: 5, remaining: 1, resetSeconds: 59 });
    await first.flush();
    // The first instance now knows the second's requests too: 5 in all.
    expect(await first.consume('2001:db8::30')).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 59 });
    // The second has not heard of the first's last request yet (at most one interval behind), then it has.
    expect(await second.consume('2001:db8::30')).toEqual({ allowed: true, limit: 5, remaining: 0, resetSeconds: 59 });
    await second.flush();
    expect(await second.consume('2001:db8::30')).toEqual({ allowed: false, limit: 5, remaining: 0, resetSeconds: 59 });
  });

  it('asks the database once for requests that arrive together at the start of a window', async () => {
    const reads = createRateLimit('reads', 100, { syncEveryMs: 1000 });
    const decisions = await Promise.all(Array.from({ length: 20 }, () => reads.consume('198.51.100.32')));
    expect(decisions.map((d) => d.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 20 }, (_, i) => 99 - i));
    expect(await row('reads:198.51.100.32')).toBe(1);
  });
});

describe('the configured limits', () => {
  it('default to 600 reads and 20 writes a minute', async () => {
    expect(rateLimitsInForce()).toEqual({ readsPerMinute: 600, writesPerMinute: 20 });
    expect(await consumeRateLimit('writes', '198.51.100.4')).toEqual({ allowed: true, limit: 20, remaining: 19, resetSeconds: 60 });
    expect(await consumeRateLimit('reads', '198.51.100.4')).toEqual({ allowed: true, limit: 600, remaining: 599, resetSeconds: 60 });
  });
});
