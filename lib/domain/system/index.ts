// The running site watched from inside: health checks, incidents and their alerts, the series of /metrics the
// database holds, and what /staff/system shows.
export {
  ALERTED_CHECKS,
  MAIL_FAILING_AFTER_MS,
  runHealthChecks,
  healthSettings,
  type AlertedCheck,
  type CheckResult,
  type HealthChecks,
} from './health-checks';
export { reconcileIncidents } from './incidents';
export { startHealthWatch, HEALTH_WATCH_EVERY_MS } from './health-watch';
export { refreshDatabaseGauges } from './database-gauges';
export { watchThisInstance } from './watch-instance';
export { checkReadiness, type Readiness } from './readiness';
export { systemOverview, acknowledgeFailures } from './system-overview';
