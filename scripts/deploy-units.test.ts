import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** deploy/systemd/ checked by systemd itself (`systemd-analyze verify`, Debian's `systemd` package; .ci/run installs it). */
const UNITS_DIR = 'deploy/systemd';
const analyze = spawnSync('systemd-analyze', ['--version'], { encoding: 'utf8' }).status === 0;
const units = readdirSync(UNITS_DIR).filter((name) => /\.(service|timer)$/.test(name));
const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-units-'));
for (const unit of units) copyFileSync(path.join(UNITS_DIR, unit), path.join(dir, unit));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A template unit is checked as one of its instances. */
const asInstance = (unit: string) => unit.replace('@.service', '@3001.service');
const directives = (unit: string) => readFileSync(path.join(UNITS_DIR, unit), 'utf8');

describe.skipIf(!analyze)('deploy/systemd', () => {
  it('ships the web, worker and backup units, the timer and a sample environment file', () => {
    expect(readdirSync(UNITS_DIR).sort()).toEqual([
      'throughline-backup.service',
      'throughline-backup.timer',
      'throughline-web@.service',
      'throughline-worker.service',
      'throughline.env',
    ]);
  });

  it.each(units)('%s passes systemd-analyze verify', (unit) => {
    const verified = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, asInstance(unit))], { encoding: 'utf8' });
    expect(`${verified.stdout}${verified.stderr}`).toBe('');
    expect(verified.status).toBe(0);
  });

  it('finds a mistake, so a pass means something', () => {
    const broken = path.join(dir, 'broken.service');
    copyFileSync(path.join(UNITS_DIR, 'throughline-worker.service'), broken);
    spawnSync('sed', ['-i', 's/^WatchdogSec=60$/WatchdogSec=sixty/', broken]);
    const verified = spawnSync('systemd-analyze', ['verify', '--man=no', broken], { encoding: 'utf8' });
    expect(verified.stderr).toContain('Failed to parse sec value, ignoring: sixty');
    rmSync(broken);
  });

  it.each(['throughline-web@.service', 'throughline-worker.service'])('%s runs node itself, hardened, with only the data folder writable', (unit) => {
    const text = directives(unit);
    expect(text).toMatch(/^ExecStart=\/usr\/bin\/node (server\/start\.mjs|dist\/worker\.mjs)$/m);
    expect((text.match(/^Exec\w*=.*$/gm) ?? []).filter((line) => /npm|tsx/.test(line))).toEqual([]);
    for (const line of [
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ReadWritePaths=/var/lib/throughline',
      'PrivateTmp=yes',
      'ProtectHome=yes',
      'CapabilityBoundingSet=',
    ]) {
      expect(text.split('\n')).toContain(line);
    }
  });

  it('has the worker watched by systemd through its heartbeat', () => {
    const text = directives('throughline-worker.service').split('\n');
    expect(text).toEqual(expect.arrayContaining(['Type=notify', 'NotifyAccess=all', 'WatchdogSec=60']));
  });
});
