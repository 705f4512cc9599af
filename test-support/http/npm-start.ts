import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../free-port.mjs';
import { productionServerEnv } from '../test-server.mjs';

export interface Instance {
  baseUrl: string;
  /** Everything `npm start` printed so far: configuration check, migrations, seed, server and runner. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
// Whatever happens to the test, no instance outlives it.
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

async function healthy(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`npm start at ${baseUrl} did not become healthy within ${timeoutMs} ms:\n${output()}`);
}

/**
 * One instance as an operator starts it: `npm start` (server/start.mjs: configuration check, migrations and seed
 * under the engine's start-up rules, then the web server and the job runner) on a free port of 127.0.0.1 against
 * `databaseUrl`. Resolves once /v1/health answers; `stop()` sends SIGTERM and waits for the whole process group.
 */
export async function npmStart(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/start.mjs'], {
    env: productionServerEnv({ port, databaseUrl, env, rateLimits: false }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so stopping it stops next start and the runner too
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, 'SIGTERM');
      const forced = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(forced);
    }
    running.delete(child);
  };
  try {
    await healthy(baseUrl, child, () => output, 120_000);
  } catch (error) {
    killGroup(child, 'SIGKILL');
    running.delete(child);
    throw error;
  }
  return { baseUrl, output: () => output, stop };
}
