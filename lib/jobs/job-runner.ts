import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { componentLogger, type Logger } from '@/lib/observability/logger.mjs';
import { metrics } from '@/lib/observability/metrics.mjs';
import type { Span } from '@opentelemetry/api';
import { contextOfTraceParent, recordError, withSpan } from '@/lib/observability/trace-context.mjs';
import { withWorkContext } from '@/lib/observability/work-context.mjs';
import type { ClaimedJob, FailureOutcome } from '@/lib/jobs/job-queue';
import { claimDueJobs, completeJob, failJob, releaseJobs, renewLeases } from '@/lib/jobs/job-queue';
import { describeJobError, PermanentJobError } from '@/lib/jobs/job-errors';
import type { JobPayload, JobType } from '@/lib/jobs/job-types';
import { isJobType, JOB_DEFINITIONS } from '@/lib/jobs/job-types';
import { recurringJobs, scheduleRecurringJob } from '@/lib/jobs/recurring-jobs';
import { beat, heartbeatEveryMs, markRunnerStopped, registerRunner, releaseJobsOfDeadRunners } from '@/lib/jobs/runner-heartbeats';

export interface JobContext {
  job: ClaimedJob;
  /** Aborted when the runner gives up waiting for this job at shutdown; long jobs should stop early. */
  signal: AbortSignal;
  now: () => Date;
}

export type JobHandler<T extends JobType> = (payload: JobPayload<T>, context: JobContext) => Promise<unknown>;
export type JobHandlers = { [T in JobType]: JobHandler<T> };

export type JobOutcome = { status: 'succeeded' } | FailureOutcome;

export interface JobRunnerOptions {
  handlers: JobHandlers;
  /** Unique per runner: it names the lease holder in the Job table. */
  owner?: string;
  concurrency: number;
  pollMs: number;
  leaseMs: number;
  graceMs: number;
  /** Schedule the recurring jobs (expiry sweep, pruning); tests of the runner itself turn it off. */
  recurring?: boolean;
  /**
   * Keep a JobRunner row with a heartbeat (the health check reads it), and at start hand back the jobs of runners on
   * this host whose process is gone. The runner of a process does; runners that tests start beside each other do not.
   */
  heartbeats?: boolean;
  /** Called after each heartbeat the database took (the first included): systemd's watchdog hangs on it. */
  onHeartbeat?: () => void;
  now?: () => Date;
  random?: () => number;
  onJobFinished?: (job: ClaimedJob, outcome: JobOutcome, ms: number) => void;
}

export function runnerOwnerId(): string {
  return `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
}

/**
 * Claims due jobs from the Job table and runs them, at most `concurrency` at a time. Everything it knows lives in
 * the database: a job is held through a lease (renewed while it runs), so a runner that dies loses nothing: its
 * jobs are taken over when their lease expires. Timers here only decide when to look again.
 */
export class JobRunner {
  readonly owner: string;
  private readonly running = new Map<string, { promise: Promise<void>; abort: AbortController }>();
  private readonly scheduledSlots = new Map<JobType, number>();
  private readonly now: () => Date;
  private stopping = false;
  private loopDone: Promise<void> | undefined;
  private leaseRenewal: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private wakeIdle: (() => void) | undefined;
  private wakePending = false;
  private readonly logger: Logger;

  constructor(private readonly options: JobRunnerOptions) {
    this.owner = options.owner ?? runnerOwnerId();
    this.now = options.now ?? (() => new Date());
    this.logger = componentLogger('jobs').child({ runner: this.owner });
  }

  start(): void {
    if (this.loopDone) return;
    this.loopDone = this.loop();
    this.leaseRenewal = setInterval(() => void this.renewHeldLeases(), Math.max(250, Math.floor(this.options.leaseMs / 3)));
    if (this.options.heartbeats) {
      this.heartbeat = setInterval(() => void this.beat(), heartbeatEveryMs(this.options.pollMs));
      this.heartbeat.unref();
    }
  }

  /** New work was committed: look now rather than at the next poll. */
  wake(): void {
    if (this.wakeIdle) this.wakeIdle();
    else this.wakePending = true;
  }

  /** Jobs this runner is working on right now. */
  get activeJobIds(): string[] {
    return [...this.running.keys()];
  }

  /**
   * One round, for tests and scripts: claims what is due (up to the free slots) and waits for those jobs to finish.
   * Returns how many jobs it ran.
   */
  async tick(): Promise<number> {
    const launched = await this.claimAndLaunch();
    await Promise.all(launched.map((id) => this.running.get(id)?.promise));
    return launched.length;
  }

  /**
   * Stops claiming, waits up to the grace period for running jobs, then hands any still running back to the queue
   * (so another runner starts them at once) and aborts them.
   */
  async stop(): Promise<{ finished: number; released: number }> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    const held = [...this.running.values()];
    const allDone = Promise.all(held.map((entry) => entry.promise));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), this.options.graceMs)));
    const result = await Promise.race([allDone.then(() => 'done' as const), graceOver]);
    clearTimeout(timer);
    let released = 0;
    if (result === 'timeout') {
      const ids = this.activeJobIds;
      released = await releaseJobs(this.owner, ids, this.now());
      for (const entry of this.running.values()) entry.abort.abort(new Error('The runner is shutting down'));
      this.logger.warn({ released }, `grace period over: handed ${released} running job(s) back to the queue`);
    }
    clearInterval(this.leaseRenewal);
    clearInterval(this.heartbeat);
    if (this.options.heartbeats)
      await markRunnerStopped(this.owner, this.now()).catch((error) => this.logger.error({ err: error }, 'could not mark the runner stopped'));
    return { finished: held.length - released, released };
  }

  private async loop(): Promise<void> {
    if (this.options.heartbeats) await this.announce();
    while (!this.stopping) {
      try {
        if (this.options.recurring !== false) await this.scheduleRecurring();
        await this.claimAndLaunch();
      } catch (error) {
        this.logger.error({ err: error }, `could not claim jobs: ${error instanceof Error ? error.message.trim() : String(error)}`);
      }
      await this.idle();
    }
  }

  /** The runner's first heartbeat, and the jobs of dead runners on this host back in the queue at once. */
  private async announce(): Promise<void> {
    const [host, pid] = [hostname(), process.pid];
    try {
      await registerRunner({ id: this.owner, host, pid }, this.now());
      this.options.onHeartbeat?.();
      const released = await releaseJobsOfDeadRunners({ host, self: this.owner, now: this.now() });
      if (released.length > 0) this.logger.warn({ jobIds: released }, `handed back ${released.length} job(s) of a runner on this host whose process is gone`);
    } catch (error) {
      this.logger.error({ err: error }, 'could not register the runner');
    }
  }

  private async beat(): Promise<void> {
    try {
      await beat(this.owner, this.running.size, this.now());
      this.options.onHeartbeat?.();
    } catch (error) {
      this.logger.error({ err: error }, 'could not write the heartbeat');
    }
  }

  private async claimAndLaunch(): Promise<string[]> {
    const room = this.options.concurrency - this.running.size;
    if (room <= 0 || this.stopping) return [];
    const jobs = await claimDueJobs({ owner: this.owner, limit: room, now: this.now(), leaseMs: this.options.leaseMs });
    for (const job of jobs) this.launch(job);
    return jobs.map((job) => job.id);
  }

  private launch(job: ClaimedJob): void {
    const abort = new AbortController();
    const promise = this.execute(job, abort.signal).finally(() => {
      this.running.delete(job.id);
      // A slot is free: claim again without waiting for the poll.
      this.wake();
    });
    this.running.set(job.id, { promise, abort });
  }

  /**
   * One run of a job, in its own span (continuing the trace of the work that enqueued it, so a webhook's trace leads
   * to the email it caused) and with its id on every log line written meanwhile.
   */
  private execute(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    const attributes = { 'job.id': job.id, 'job.type': job.type, 'job.attempt': job.attempts };
    return withWorkContext({ jobId: job.id, jobType: job.type }, () =>
      withSpan(`job ${job.type}`, { kind: 'consumer', attributes, parent: contextOfTraceParent(job.traceContext) }, (span) => this.attempt(job, signal, span)),
    );
  }

  private async attempt(job: ClaimedJob, signal: AbortSignal, span: Span): Promise<void> {
    const started = Date.now();
    const log = this.logger.child({ attempt: job.attempts });
    log.info(`${job.id} ${job.type} attempt ${job.attempts}/${job.maxAttempts} started`);
    let outcome: JobOutcome;
    try {
      await this.runHandler(job, signal);
      if (!(await completeJob(job.id, this.owner, this.now()))) log.warn(`${job.id} finished after its lease had passed to another runner`);
      outcome = { status: 'succeeded' };
    } catch (error) {
      if (signal.aborted) return; // handed back to the queue by stop(); nothing to record
      outcome = await failJob(job, this.owner, error, this.now(), this.options.random);
      log[outcome.status === 'dead' ? 'error' : 'warn']({ err: error }, `${job.id} ${job.type} failed: ${describeJobError(error)}`);
      recordError(span, error);
      if (outcome.status === 'dead') metrics().jobsDied.inc({ type: typeLabel(job.type) });
    }
    const ms = Date.now() - started;
    metrics().jobRunDuration.observe({ type: typeLabel(job.type), outcome: outcome.status }, ms / 1000);
    log.info(
      { ms, outcome: outcome.status },
      `${job.id} ${job.type} ${outcome.status === 'queued' ? `retry at ${outcome.retryAt.toISOString()}` : outcome.status} in ${ms} ms`,
    );
    this.options.onJobFinished?.(job, outcome, ms);
  }

  private async runHandler(job: ClaimedJob, signal: AbortSignal): Promise<void> {
    if (!isJobType(job.type)) throw new PermanentJobError(`No handler for job type '${job.type}'.`);
    if (job.attempts > job.maxAttempts) throw new PermanentJobError('No attempts left after its runner stopped mid-way.');
    const parsed = JOB_DEFINITIONS[job.type].payload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError(`Invalid payload for ${job.type}: ${parsed.error.message}`);
    const handler = this.options.handlers[job.type] as JobHandler<JobType>;
    await handler(parsed.data as JobPayload<JobType>, { job, signal, now: this.now });
  }

  private async renewHeldLeases(): Promise<void> {
    try {
      await renewLeases(this.owner, this.activeJobIds, new Date(this.now().getTime() + this.options.leaseMs));
    } catch (error) {
      this.logger.error({ err: error }, 'could not renew leases');
    }
  }

  /** Writes the next run of each recurring job once per period (remembering the period is only a shortcut). */
  private async scheduleRecurring(): Promise<void> {
    for (const { type, nextSlot } of recurringJobs()) {
      const slot = nextSlot(this.now());
      if (this.scheduledSlots.get(type) === slot.getTime()) continue;
      await scheduleRecurringJob(type, slot);
      this.scheduledSlots.set(type, slot.getTime());
    }
  }

  private idle(): Promise<void> {
    if (this.wakePending || this.stopping) {
      this.wakePending = false;
      // Through the event loop, never straight on: the database driver answers without waiting for I/O, so a runner
      // whose jobs kept waking it (a backlog handing itself back) looped on promises alone, and nothing else of the
      // process ran: no HTTP answer reached the job that was sending, no lease was renewed, no timer fired.
      return new Promise((resolve) => setImmediate(resolve));
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeIdle = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.options.pollMs);
      this.wakeIdle = done;
    });
  }
}

/** The metrics' job type label: the types of JOB_DEFINITIONS, and one label for whatever else a row holds. */
const typeLabel = (type: string) => (isJobType(type) ? type : 'unknown');
