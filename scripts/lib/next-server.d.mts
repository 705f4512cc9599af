import type { ChildProcess, StdioOptions } from 'node:child_process';

export const NODE_SERVER_OPTIONS: string;
export function spawnNextStart(options: { port: number | string; host?: string; env?: NodeJS.ProcessEnv; stdio?: StdioOptions }): ChildProcess;
export function spawnWorker(options?: { env?: NodeJS.ProcessEnv; stdio?: StdioOptions }): ChildProcess;
