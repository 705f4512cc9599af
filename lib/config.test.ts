import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config';

describe('start-up configuration', () => {
  it('refuses PAYMENT_PROVIDER=stripe without both secrets, with a clear message, before touching the database', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-config-'));
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
