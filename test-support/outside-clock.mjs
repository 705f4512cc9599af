/**
 * The environment for an outside program that a test starts (a CalDAV server, Prometheus, nginx): this process's
 * environment without libfaketime. The suite runs under `faketime -f '+365d'` to prove it passes on any date, and
 * faketime rides along in LD_PRELOAD and FAKETIME* to every child. An outside server keeps its own clock in real life,
 * and some mix the faked clock with real ones: Radicale compares the faked `time.time()` with real file times in its
 * sync-token history cleaning (max_sync_token_age, 30 days), and deletes what a test has just written. So they get
 * the real clock. Only libfaketime's entry leaves LD_PRELOAD; any other preloaded library stays.
 *
 * @param {Record<string, string | undefined>} [env]
 * @returns {NodeJS.ProcessEnv}
 */
export function withRealClock(env = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'FAKETIME' && !name.startsWith('FAKETIME_')));
  const preloads = (env.LD_PRELOAD ?? '').split(/[\s:]+/).filter((library) => library !== '' && !/libfaketime/i.test(library));
  if (preloads.length > 0) cleaned.LD_PRELOAD = preloads.join(':');
  else delete cleaned.LD_PRELOAD;
  return cleaned;
}
