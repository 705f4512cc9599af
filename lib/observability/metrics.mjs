// The process's Prometheus metrics (prom-client): one registry and every series, created once per process on
// globalThis, so the web server and the app's bundled copy of this module count into the same ones. The job runner
// keeps its own and sends them to the web server (runner-metrics below); /metrics shows both, each series labelled
// with the process that counted it. Plain JavaScript because the web server runs it before anything is compiled.
import client from 'prom-client';

const METRICS = Symbol.for('throughline:metrics');
/** A runner's snapshot older than this is from a runner that stopped sending: its series leave /metrics. */
export const RUNNER_SNAPSHOT_TTL_MS = 15_000;
/** How often a runner sends its snapshot. */
export const RUNNER_SNAPSHOT_EVERY_MS = 5_000;

/** Read from the database on each scrape, so every instance reports the same values (several instances share it). */
const SHARED = 'Read from the database at each scrape: the same on every instance.';
/**
 * The series read from the database: only the process that serves /metrics reads them, so a runner's snapshot leaves
 * them out (its own would be zeros).
 */
const SHARED_SERIES = new Set([
  'job_queue_jobs',
  'job_queue_oldest_due_age_seconds',
  'job_runner_last_heartbeat_timestamp_seconds',
  'job_runners',
  'outbox_messages',
  'reports',
  'health_check_failing',
  'commitments_open',
  'commitments_overdue',
  'commitments_missed',
]);

function createMetrics(role) {
  const registry = new client.Registry();
  registry.setDefaultLabels({ process: role });
  client.collectDefaultMetrics({ register: registry });
  // Gauges that prom-client names like counters (`_total`), which `promtool check metrics` rejects; the same counts
  // by type remain (nodejs_active_handles, nodejs_active_requests, nodejs_active_resources).
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
  const registers = [registry];
  const counter = (name, help, labelNames = []) => new client.Counter({ name, help, labelNames, registers });
  const gauge = (name, help, labelNames = []) => new client.Gauge({ name, help, labelNames, registers });
  const histogram = (name, help, labelNames, buckets) => new client.Histogram({ name, help, labelNames, buckets, registers });
  return {
    registry,
    scrapeHooks: [],
    runnerSnapshots: new Map(),
    httpRequestDuration: histogram(
      'http_request_duration_seconds',
      'HTTP requests by method, route template and status class, and how long they took; its _count is the request counter.',
      ['method', 'route', 'status_class'],
      [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ),
    httpRequestsInFlight: gauge('http_requests_in_flight', 'HTTP requests being answered now.'),
    httpResponses: counter(
      'http_responses_total',
      'Answers by who wrote them: held-copy (a page copy the web server held, without Next), held-answer (an API content answer it held), held-asset (a static file of the build it held), next, or web-server (refusals, probes, metrics).',
      ['source'],
    ),
    rateLimitRefusals: counter('rate_limit_refusals_total', 'Requests refused with 429, by limit.', ['limit']),
    jobQueueJobs: gauge('job_queue_jobs', `Jobs by type and state. ${SHARED}`, ['type', 'state']),
    jobQueueOldestDueAge: gauge('job_queue_oldest_due_age_seconds', `How long the oldest due job has waited to start (0 when none waits). ${SHARED}`),
    jobRunDuration: histogram(
      'job_run_duration_seconds',
      'Job runs by type and outcome (succeeded, queued for a retry, dead), and how long they took.',
      ['type', 'outcome'],
      [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    ),
    jobsDied: counter('jobs_dead_total', 'Jobs that died: out of attempts, or failed for good.', ['type']),
    runnerLastHeartbeat: gauge(
      'job_runner_last_heartbeat_timestamp_seconds',
      `When a job runner last reported in (Unix time; 0 when none ever did). ${SHARED}`,
    ),
    jobRunners: gauge('job_runners', `Job runners by state: alive (recent heartbeat), silent (heartbeat too old), stopped. ${SHARED}`, ['state']),
    outboxMessages: gauge('outbox_messages', `Outbox messages by state. ${SHARED}`, ['state']),
    outboxSendFailures: counter('outbox_send_failures_total', 'Delivery attempts of outbox messages that failed.'),
    webhookEvents: counter('webhook_events_received_total', 'Payment provider webhook deliveries by provider, event type and outcome.', [
      'provider',
      'type',
      'outcome',
    ]),
    checkoutsStarted: counter('checkouts_started_total', 'Checkouts started (a hosted payment page opened), by provider.', ['provider']),
    checkoutsCompleted: counter('checkouts_completed_total', 'Checkouts completed (the provider reported the payment), by provider.', ['provider']),
    reports: gauge('reports', `Paid reports by state. ${SHARED}`, ['state']),
    commitmentsOpen: gauge('commitments_open', `Promises to people (commitments) open now, by kind. ${SHARED}`, ['kind']),
    commitmentsOverdue: gauge('commitments_overdue', `Commitments past their due time and not kept (open or missed), by kind. ${SHARED}`, ['kind']),
    commitmentsMissed: gauge('commitments_missed', `Commitments marked missed and not kept since, by kind. ${SHARED}`, ['kind']),
    healthCheckFailing: gauge('health_check_failing', `1 while a health check of /v1/health fails, else 0. ${SHARED}`, ['check']),
    alertDeliveryFailures: counter('alert_delivery_failures_total', 'Alert emails that could not be stored or sent; the alert was logged at error level.'),
  };
}

/**
 * The process's metrics. The first call names the process (`web`, `runner`), which labels every series; later calls,
 * including those of the app's bundled copy of this module, get the same metrics.
 */
export function metrics(role = 'app') {
  globalThis[METRICS] ??= createMetrics(role);
  return globalThis[METRICS];
}

/** `hook` runs before each scrape (at most `timeoutMs`), to refresh the series read from the database. */
export function beforeScrape(hook) {
  metrics().scrapeHooks.push(hook);
}

/** A runner's metrics as it sends them (`snapshot` below): kept until RUNNER_SNAPSHOT_TTL_MS passes without another. */
export function acceptRunnerSnapshot(message) {
  if (!message || !Array.isArray(message.metrics) || typeof message.runner !== 'string') return;
  const { runnerSnapshots } = metrics();
  const now = Date.now();
  // Runners that stopped sending leave here too, not only at a scrape: without scrapes they would pile up.
  for (const [runner, snapshot] of runnerSnapshots) if (now - snapshot.at > RUNNER_SNAPSHOT_TTL_MS) runnerSnapshots.delete(runner);
  runnerSnapshots.set(message.runner, { metrics: message.metrics, at: now });
}

/** What a runner sends to the web server: its series, tagged with its id. */
export async function runnerSnapshot(runner) {
  const own = (await metrics().registry.getMetricsAsJSON()).filter((metric) => !SHARED_SERIES.has(metric.name));
  return { type: 'metrics:snapshot', runner, metrics: own };
}

const withTimeout = (promise, ms) => Promise.race([promise, new Promise((resolve) => setTimeout(resolve, ms).unref())]);

/** The text a scrape gets: this process's series, and those of the runners that sent a recent snapshot. */
export async function exposition({ hookTimeoutMs = 2000 } = {}) {
  const state = metrics();
  await withTimeout(Promise.allSettled(state.scrapeHooks.map((hook) => hook())), hookTimeoutMs);
  const now = Date.now();
  const remote = [];
  for (const [runner, snapshot] of state.runnerSnapshots) {
    if (now - snapshot.at > RUNNER_SNAPSHOT_TTL_MS) state.runnerSnapshots.delete(runner);
    else remote.push(snapshot.metrics);
  }
  if (remote.length === 0) return { contentType: state.registry.contentType, body: await state.registry.metrics() };
  const merged = client.AggregatorRegistry.aggregate([await state.registry.getMetricsAsJSON(), ...remote]);
  return { contentType: state.registry.contentType, body: await merged.metrics() };
}

/** `200` → `2xx`: the status label of the request histogram (a few values, however many statuses exist). */
export function statusClass(status) {
  return `${Math.floor(status / 100)}xx`;
}
