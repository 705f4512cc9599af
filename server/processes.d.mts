import type { ChildProcess, StdioOptions } from 'node:child_process';

export function spawnWebServer(options: { port: number | string; host?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions }): ChildProcess;
export function spawnWorker(options?: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions }): ChildProcess;
