import type { Counter, Gauge, Histogram, MetricObjectWithValues, MetricValue, Registry } from 'prom-client';

export const RUNNER_SNAPSHOT_TTL_MS: number;
export const RUNNER_SNAPSHOT_EVERY_MS: number;

export interface ProcessMetrics {
  registry: Registry;
  httpRequestDuration: Histogram<'method' | 'route' | 'status_class'>;
  httpRequestsInFlight: Gauge;
  httpResponses: Counter<'source'>;
  rateLimitRefusals: Counter<'limit'>;
  jobQueueJobs: Gauge<'type' | 'state'>;
  jobQueueOldestDueAge: Gauge;
  jobRunDuration: Histogram<'type' | 'outcome'>;
  jobsDied: Counter<'type'>;
  runnerLastHeartbeat: Gauge;
  jobRunners: Gauge<'state'>;
  outboxMessages: Gauge<'state'>;
  outboxSendFailures: Counter;
  webhookEvents: Counter<'provider' | 'type' | 'outcome'>;
  checkoutsStarted: Counter<'provider'>;
  checkoutsCompleted: Counter<'provider'>;
  reports: Gauge<'state'>;
  commitmentsOpen: Gauge<'kind'>;
  commitmentsOverdue: Gauge<'kind'>;
  commitmentsMissed: Gauge<'kind'>;
  healthCheckFailing: Gauge<'check'>;
  alertDeliveryFailures: Counter;
}

export interface RunnerSnapshot {
  type: 'metrics:snapshot';
  runner: string;
  metrics: MetricObjectWithValues<MetricValue<string>>[];
}

export function metrics(role?: string): ProcessMetrics;
export function beforeScrape(hook: () => Promise<void>): void;
export function acceptRunnerSnapshot(message: unknown): void;
export function runnerSnapshot(runner: string): Promise<RunnerSnapshot>;
export function exposition(options?: { hookTimeoutMs?: number }): Promise<{ contentType: string; body: string }>;
export function statusClass(status: number): string;
