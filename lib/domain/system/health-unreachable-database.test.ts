import { describe, expect, it, vi } from 'vitest';
import { getHealth } from '../discovery/discovery';
import { checkReadiness } from './readiness';

/**
 * Health and readiness when the database does not answer: this file's client points at a PostgreSQL address where
 * nothing listens (set before lib/db/client.ts is imported), so every query fails to connect, as with a database down.
 */
vi.hoisted(() => {
  process.env.DATABASE_URL = 'postgresql://health:unused@127.0.0.1:9/unreachable';
  process.env.SESSION_SECRET ??= 's'.repeat(32);
});

const NOW = new Date('2026-11-29T03:15:00.000Z'); // a Sunday night

describe('with the database unreachable', () => {
  it('health is unavailable, with only the database check, failing (the route answers it with 503)', async () => {
    expect(await getHealth(NOW)).toEqual({
      status: 'unavailable',
      timestamp: '2026-11-29T03:15:00.000Z',
      version: expect.any(String),
      build_stamp: 'unknown',
      checks: { database: { status: 'fail', detail: 'The database does not answer.', since: null, count: 0 } },
    });
  });

  it('the instance is not ready, and says why', async () => {
    expect(await checkReadiness()).toEqual({ ready: false, reason: 'The database does not answer.' });
  });
});
