import { componentLogger } from '@/lib/observability/logger.mjs';
import { runHealthChecks, type HealthSettings } from './health-checks';
import { reconcileIncidents } from './incidents';

/** How often each instance (web or runner) looks at the health checks for incidents to open or close. */
export const HEALTH_WATCH_EVERY_MS = 5_000;

/**
 * Runs the health checks every `everyMs` and opens or closes incidents (with their alerts). Every web instance and
 * every runner watch, so an alert needs none of them in particular: when the runner is what stopped, the web
 * instances notice it from its heartbeat. The timer only decides when to look; what is open lives in the database.
 */
export function startHealthWatch({ everyMs = HEALTH_WATCH_EVERY_MS, settings }: { everyMs?: number; settings?: HealthSettings } = {}) {
  const log = componentLogger('alerts');
  let running: Promise<void> | null = null;
  let stopped = false;
  const look = async () => {
    try {
      const now = new Date();
      await reconcileIncidents(await runHealthChecks(now, settings), now);
    } catch (error) {
      log.error({ err: error }, 'the health watch could not run the checks');
    }
  };
  const timer = setInterval(() => {
    if (!running && !stopped) running = look().finally(() => (running = null));
  }, everyMs);
  timer.unref();
  return {
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
