import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

describe('start-up configuration', () => {
  it('refuses PAYMENT_PROVIDER=stripe without both secrets, with a clear message, before touching the database', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-config-'));
    const started = spawnSync(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '', DATABASE_URL: `file:${path.join(dir, 'app.db')}`, PORT: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(
      'Invalid configuration:\n  - PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY (see the README, Payments)\n  - PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (see the README, Payments)',
    );
    expect(existsSync(path.join(dir, 'app.db'))).toBe(false);
  });

  it('names each missing Stripe secret', () => {
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
      env: { ...process.env, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' },
      encoding: 'utf8',
    });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe('Invalid configuration:\n  - PAYMENT_PROVIDER=stripe needs STRIPE_WEBHOOK_SECRET (see the README, Payments)');
  });

  it('requires SESSION_SECRET with PostgreSQL, where several instances share the database, and accepts it once set', () => {
    const check = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], { env: { ...process.env, SESSION_SECRET: '', ...env }, encoding: 'utf8' });
    const missing = check({ DATABASE_URL: 'postgresql://app:secret@db.internal:5432/throughline' });
    expect(missing.status).toBe(1);
    expect(missing.stderr.trim()).toBe(
      'Invalid configuration:\n  - DATABASE_URL is PostgreSQL, which several instances may share: set SESSION_SECRET (32+ characters, the same on every instance) so each one accepts the staff sessions the others signed',
    );
    expect(check({ DATABASE_URL: 'postgres://app@db.internal/throughline', SESSION_SECRET: 'a'.repeat(32) }).status).toBe(0);
    expect(check({ DATABASE_URL: 'file:./data/app.db' }).status).toBe(0);
  });

  it('names the two kinds of DATABASE_URL it understands', () => {
    const checked = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/check-config.ts'], {
      env: { ...process.env, DATABASE_URL: 'mysql://app@db.internal/throughline' },
      encoding: 'utf8',
    });
    expect(checked.status).toBe(1);
    expect(checked.stderr.trim()).toBe('Invalid configuration:\n  - DATABASE_URL: DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL');
  });
});
