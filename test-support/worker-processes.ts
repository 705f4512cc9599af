import type { ChildProcess } from 'node:child_process';
import { spawnWorker } from '../server/processes.mjs';

/** A real `npm run worker` process on the test file's database, with its output kept for assertions. */
export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts and tracks worker processes for one test file: fast polling and a short lease by default, so a killed
 * worker's job is taken over within seconds; `stopAll` (in afterEach/afterAll) kills what is still running.
 */
export function workerProcesses(defaults: Record<string, string> = {}) {
  const started: WorkerProcess[] = [];
  return {
    start(env: Record<string, string> = {}): WorkerProcess {
      const child = spawnWorker({
        env: {
          ...process.env,
          LOG_LEVEL: 'info',
          JOB_POLL_MS: '100',
          JOB_LEASE_MS: '1500',
          JOB_CONCURRENCY: '4',
          JOB_SHUTDOWN_GRACE_MS: '10000',
          ...defaults,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
      const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => resolve({ code, signal })),
      );
      const worker = { child, output: () => output, exit };
      started.push(worker);
      return worker;
    },
    async stopAll(): Promise<void> {
      for (const worker of started.splice(0)) {
        if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill('SIGKILL');
        await worker.exit;
      }
    },
  };
}
