import { beforeScrape } from '@/lib/observability/metrics.mjs';
import { processSingleton } from '@/lib/process-singleton';
import { refreshDatabaseGauges } from './database-gauges';
import { startHealthWatch } from './health-watch';

/**
 * A web instance watches itself: its /metrics reads the database's series at each scrape, and it runs the health watch
 * (alerts), so that when the job runner is what stopped, the web instance notices from its heartbeat. Once per process.
 */
export function watchThisInstance(): void {
  processSingleton('instance-watch', () => {
    beforeScrape(() => refreshDatabaseGauges());
    return startHealthWatch();
  });
}
