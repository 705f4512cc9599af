import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryDirectory } from '@/test-support/temporary-directory';
import { EnvSchema } from './config';

describe('start-up configuration', () => {
  it('refuses PAYMENT_PROVIDER=stripe without both secrets, with a clear message, before touching the database', () => {
    const dir = temporaryDirectory('toc-config-');
    const started = spawnSync(process.execPath, ['server/start.mjs'], {
      env: {
        ...process.env,
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: '',
        STRIPE_WEBHOOK_SECRET: '',
        DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
        PORT: '1',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'Invalid configuration:\n  - PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (see docs/payments.md)\n  - PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (see docs/payments.md)',
    );
    expect(existsSync(path.join(dir, 'app.db'))).toBe(false);
  });

  it('names each missing Stripe secret', () => {
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'server/check-config.ts'], {
      env: { ...process.env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' },
      encoding: 'utf8',
    });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe('Invalid configuration:\n  - PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (see docs/payments.md)');
  });

  it('requires SESSION_SECRET with PostgreSQL, where several instances share the database, and accepts it once set', () => {
    const check = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'server/check-config.ts'], { env: { ...process.env, SESSION_SECRET: '', ...env }, encoding: 'utf8' });
    const missing = check({ DATABASE_URL: 'postgresql://app:secret@db.internal:5432/throughline' });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'Invalid configuration:\n  - DATABASE_URL is PostgreSQL, which several instances may share: set SESSION_SECRET (32+ characters, the same on every instance) so each one accepts the staff sessions the others signed',
    );
    expect(check({ DATABASE_URL: 'postgres://app@db.internal/throughline', SESSION_SECRET: 'a'.repeat(32) }).status).toBe(0);
    expect(check({ DATABASE_URL: 'file:./data/app.db' }).status).toBe(0);
  });

  it('names the two kinds of DATABASE_URL it understands', () => {
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'server/check-config.ts'], {
      env: { ...process.env, DATABASE_URL: 'mysql://app@db.internal/throughline' },
      encoding: 'utf8',
    });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe('Invalid configuration:\n  - DATABASE_URL: DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL');
  });
});

describe('rate limits and the trusted proxies', () => {
  const check = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/check-config.ts'], { env: { ...process.env, ...env }, encoding: 'utf8' });

  it('names a TRUSTED_PROXY entry that is no address or range', () => {
    const checked = check({ TRUSTED_PROXY: '127.0.0.1, proxy.internal' });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe(
      'Invalid configuration:\n  - TRUSTED_PROXY: "proxy.internal" is not an IP address or CIDR range (for example 10.0.0.5, 10.0.0.0/8 or fd00::/8)',
    );
  });

  it('refuses a limit below one request a minute', () => {
    const checked = check({ RATE_LIMIT_WRITES_PER_MINUTE: '0' });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe('Invalid configuration:\n  - RATE_LIMIT_WRITES_PER_MINUTE: Too small: expected number to be >=1');
  });

  it('accepts addresses and ranges of both families', () => {
    expect(check({ TRUSTED_PROXY: '127.0.0.1,10.0.0.0/8,::1,fd00::/8' }).status).toBe(0);
  });
});

describe('calendar settings', () => {
  const KEY = Buffer.alloc(32, 7).toString('base64');
  const parse = (env: Record<string, string>) => EnvSchema.safeParse({ ...env });
  const problems = (env: Record<string, string>) => {
    const result = parse(env);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('defaults to a sync every 5 minutes, busy times at most 120 seconds old at a booking, and no key', () => {
    const parsed = parse({});
    expect(parsed.success && [parsed.data.CALENDAR_SYNC_MINUTES, parsed.data.CALENDAR_MAX_STALENESS_S, parsed.data.CALENDAR_SECRET_KEY]).toEqual([
      5,
      120,
      undefined,
    ]);
    const empty = parse({ CALENDAR_SECRET_KEY: '' });
    expect(empty.success && empty.data.CALENDAR_SECRET_KEY).toBeUndefined();
  });

  it('accepts CALENDAR_SYNC_MINUTES from 1 to 1440 whole minutes and CALENDAR_MAX_STALENESS_S from 0 to 86400 seconds', () => {
    for (const [name, value] of [
      ['CALENDAR_SYNC_MINUTES', '1'],
      ['CALENDAR_SYNC_MINUTES', '1440'],
      ['CALENDAR_MAX_STALENESS_S', '0'],
      ['CALENDAR_MAX_STALENESS_S', '86400'],
    ]) {
      const parsed = parse({ [name!]: value! });
      expect(parsed.success && parsed.data[name as 'CALENDAR_SYNC_MINUTES']).toBe(Number(value));
    }
    expect(problems({ CALENDAR_SYNC_MINUTES: '0' })).toEqual(['CALENDAR_SYNC_MINUTES: Too small: expected number to be >=1']);
    expect(problems({ CALENDAR_SYNC_MINUTES: '1441' })).toEqual(['CALENDAR_SYNC_MINUTES: Too big: expected number to be <=1440']);
    expect(problems({ CALENDAR_SYNC_MINUTES: '2.5' })).toEqual(['CALENDAR_SYNC_MINUTES: Invalid input: expected int, received number']);
    expect(problems({ CALENDAR_MAX_STALENESS_S: '-1' })).toEqual(['CALENDAR_MAX_STALENESS_S: Too small: expected number to be >=0']);
    expect(problems({ CALENDAR_MAX_STALENESS_S: '86401' })).toEqual(['CALENDAR_MAX_STALENESS_S: Too big: expected number to be <=86400']);
  });

  it('takes a CALENDAR_SECRET_KEY of 32 bytes in base64 and refuses any other, saying how to make one', () => {
    const parsed = parse({ CALENDAR_SECRET_KEY: KEY });
    expect(parsed.success && parsed.data.CALENDAR_SECRET_KEY).toBe(KEY);
    const words = 'CALENDAR_SECRET_KEY: CALENDAR_SECRET_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`';
    expect(problems({ CALENDAR_SECRET_KEY: Buffer.alloc(16, 7).toString('base64') })).toEqual([words]);
    expect(problems({ CALENDAR_SECRET_KEY: 'correct horse battery staple' })).toEqual([words]);
  });

  it('refuses to start with an invalid CALENDAR_SECRET_KEY', () => {
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'server/check-config.ts'], {
      env: { ...process.env, CALENDAR_SECRET_KEY: 'short' },
      encoding: 'utf8',
    });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe(
      'Invalid configuration:\n  - CALENDAR_SECRET_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`',
    );
  });
});

describe('analytics settings', () => {
  const parsed = (env: Record<string, string | undefined>) =>
    EnvSchema.safeParse({ ...process.env, ANALYTICS_RAW_DAYS: undefined, ANALYTICS_FLUSH_MS: undefined, ...env });
  const problems = (env: Record<string, string | undefined>) => {
    const result = parsed(env);
    return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };

  it('keeps raw events 30 days and writes every five seconds unless told otherwise', () => {
    expect(parsed({}).data).toMatchObject({ ANALYTICS: 'on', ANALYTICS_RAW_DAYS: 30, ANALYTICS_FLUSH_MS: 5000 });
  });

  it('keeps raw events 2 to 3650 days, in whole days', () => {
    expect([parsed({ ANALYTICS_RAW_DAYS: '2' }).data?.ANALYTICS_RAW_DAYS, parsed({ ANALYTICS_RAW_DAYS: '3650' }).data?.ANALYTICS_RAW_DAYS]).toEqual([2, 3650]);
    expect(problems({ ANALYTICS_RAW_DAYS: '1' })).toEqual(['ANALYTICS_RAW_DAYS: Too small: expected number to be >=2']);
    expect(problems({ ANALYTICS_RAW_DAYS: '3651' })).toEqual(['ANALYTICS_RAW_DAYS: Too big: expected number to be <=3650']);
    expect(problems({ ANALYTICS_RAW_DAYS: '7.5' })).toEqual(['ANALYTICS_RAW_DAYS: Invalid input: expected int, received number']);
  });
});
