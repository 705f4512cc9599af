import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS, withMallocSettings } from './malloc-settings.mjs';

const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
const assignments = Object.entries(MALLOC_SETTINGS).map(([name, value]) => `${name}=${value}`);

/** What the `start` script's shell hands Node: the script run by sh as npm runs it, with Node printing its env. */
function environmentOfStart(environment: Record<string, string>) {
  const command = scripts.start!.replace(/node server\/start\.mjs$/, `node -e "console.log(JSON.stringify(process.env))"`);
  const env = { ...process.env };
  for (const name of Object.keys(MALLOC_SETTINGS)) delete env[name];
  const run = spawnSync('sh', ['-c', command], { encoding: 'utf8', env: { ...env, ...environment } });
  expect(run.status).toBe(0);
  return JSON.parse(run.stdout) as Record<string, string>;
}

describe("glibc's allocator settings (server/malloc-settings.mjs)", () => {
  it('are set by the start and worker scripts, as defaults an operator can override', () => {
    expect(scripts.start).toBe(withMallocSettings('node server/start.mjs'));
    expect(scripts.worker).toBe(withMallocSettings('node --import tsx server/worker.ts'));
    expect(environmentOfStart({})).toMatchObject({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(environmentOfStart({ MALLOC_ARENA_MAX: '4' })).toMatchObject({ MALLOC_ARENA_MAX: '4', MALLOC_MMAP_THRESHOLD_: '65536' });
  });

  it.each(['deploy/systemd/throughline-web@.service', 'deploy/systemd/throughline-worker.service'])('are set by %s', (unit) => {
    expect(readFileSync(unit, 'utf8').split('\n')).toContain(`Environment=${assignments.join(' ')}`);
  });

  it("are set in the Dockerfile's run stage", () => {
    const runStage = readFileSync('Dockerfile', 'utf8').split(/^FROM .* AS run$/m)[1]!;
    for (const assignment of assignments) expect(runStage).toMatch(new RegExp(`^\\s+${assignment} \\\\$`, 'm'));
  });
});
