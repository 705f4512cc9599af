import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withRealClock } from './outside-clock.mjs';

const LIBFAKETIME = '/usr/$LIB/faketime/libfaketime.so.1';
const faketimeInstalled = existsSync('/usr/bin/faketime');

describe('withRealClock', () => {
  it('drops FAKETIME, every FAKETIME_ variable and libfaketime from LD_PRELOAD, and keeps everything else', () => {
    const env = {
      PATH: '/usr/bin',
      FAKETIME: '+365d',
      FAKETIME_SHARED: '/faketime_sem_1 /faketime_shm_1',
      FAKETIME_DONT_RESET: '1',
      LD_PRELOAD: `/opt/other.so:${LIBFAKETIME} /opt/more.so`,
      TZ: 'UTC',
    };
    expect(withRealClock(env)).toEqual({ PATH: '/usr/bin', LD_PRELOAD: '/opt/other.so:/opt/more.so', TZ: 'UTC' });
    expect(env.FAKETIME).toBe('+365d');
  });

  it('drops LD_PRELOAD when libfaketime was all it held', () => {
    expect(withRealClock({ LD_PRELOAD: LIBFAKETIME, FAKETIME: '-30d', HOME: '/root' })).toEqual({ HOME: '/root' });
  });

  it('leaves an environment without faketime as it is', () => {
    expect(withRealClock({ HOME: '/root', LD_PRELOAD: '/opt/other.so' })).toEqual({ HOME: '/root', LD_PRELOAD: '/opt/other.so' });
  });

  // Under the suite's own `faketime -f '+365d'` run and without it alike: a child given a clock 400 days ahead reads it,
  // and the same environment through withRealClock reads the real clock again. Skipped on a machine without faketime,
  // never on CI (.ci/run installs it), where a skip would hide that the test no longer runs.
  it.skipIf(!faketimeInstalled && !process.env.CI)('gives a child program the real clock back', () => {
    const ahead = { ...process.env, LD_PRELOAD: LIBFAKETIME, FAKETIME: '+400d' };
    const seconds = (env: NodeJS.ProcessEnv) => Number(spawnSync('date', ['+%s'], { env, encoding: 'utf8' }).stdout.trim());
    const faked = seconds(ahead);
    const real = seconds(withRealClock(ahead));
    expect(Math.round((faked - real) / 86_400)).toBe(400);
  });
});
