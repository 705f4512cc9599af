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
});
