export interface TestDatabase {
  /** The SQLite file's directory; null on PostgreSQL. */
  dir: string | null;
  /** `file:…` (SQLite) or `postgresql://…` (under `npm run test:pg`). */
  databaseUrl: string;
  remove(): Promise<void>;
}

import type { ChildProcess } from 'node:child_process';

export interface TestServer {
  baseUrl: string;
  databaseUrl: string;
  /** The web server's process id (for measurements such as its memory). */
  pid: number | undefined;
  output(): string;
  /** The web server and (unless JOB_RUNNER=off) the job runner beside it. */
  server: { web: ChildProcess; readonly worker: ChildProcess | null; stop(signal?: NodeJS.Signals): Promise<void> };
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

export const TEST_SESSION_SECRET: string;
export const TEST_RATE_LIMITS: Record<'RATE_LIMIT_READS_PER_MINUTE' | 'RATE_LIMIT_WRITES_PER_MINUTE', string>;
export function createTestDatabase(prefix?: string, options?: { empty?: boolean }): Promise<TestDatabase>;
/** `readyPath` (default `/v1/health`, which Next answers): where start-up is awaited; `/livez` leaves Next untouched. */
export function startTestServer(options?: { database?: TestDatabase; env?: Record<string, string>; readyPath?: string }): Promise<TestServer>;
export function productionServerEnv(options: {
  port: number;
  databaseUrl: string;
  env?: Record<string, string | undefined>;
  rateLimits?: boolean;
}): NodeJS.ProcessEnv;
export function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number, readyPath?: string): Promise<void>;
