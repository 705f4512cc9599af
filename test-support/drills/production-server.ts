import { spawn } from 'node:child_process';
import { freePort } from '../free-port.mjs';
import { TEST_RATE_LIMITS, TEST_SESSION_SECRET } from '../test-server.mjs';
import { sleep } from './drill-result';

export interface ProductionServer {
  baseUrl: string;
  /** The pid of `npm start` (server/start.mjs), which leads its own process group: web server and job runner. */
  pid: number;
  /** Settles when server/start.mjs exits, with how and when. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  output(): string;
  /** Sends `signal` to server/start.mjs alone, or to its whole process group (as systemd and Ctrl-C do). */
  signal(signal: NodeJS.Signals, target?: 'process' | 'group'): void;
  /** Asks it to shut down as systemd does (SIGTERM), and waits until it has. */
  stop(): Promise<unknown>;
}

/**
 * The server exactly as `npm start` runs it (server/start.mjs: configuration check, migrations, the web server and the
 * job runner beside it), on a free port of 127.0.0.1 and the given database, in a process group of its own so a drill
 * can kill all of it at once. Rate limits are the test servers' (high); `env` may override anything.
 */
export async function startProductionServer({
  databaseUrl,
  env = {},
  port,
}: {
  databaseUrl: string;
  env?: Record<string, string>;
  port?: number;
}): Promise<ProductionServer> {
  const chosenPort = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${chosenPort}`;
  const child = spawn(process.execPath, ['server/start.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(chosenPort),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      SITE_URL: baseUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...TEST_RATE_LIMITS,
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  const pid = child.pid!;
  // Whatever happens to the drill, the server must not outlive it.
  const killGroup = () => {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  process.once('exit', killGroup);
  void exited.then(() => process.off('exit', killGroup));

  const deadline = Date.now() + 120_000;
  let running = true;
  void exited.then(() => (running = false));
  for (;;) {
    if (!running) throw new Error(`npm start exited before serving:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      killGroup();
      throw new Error(`npm start did not serve ${baseUrl} within 120 s:\n${output}`);
    }
    await sleep(200);
  }
  return {
    baseUrl,
    pid,
    exited,
    output: () => output,
    signal: (signal, target = 'process') => process.kill(target === 'group' ? -pid : pid, signal),
    stop: () => {
      process.kill(pid, 'SIGTERM');
      return exited;
    },
  };
}

/** Every process of the server's group is gone (a killed web server's children included). */
export async function groupGone(pid: number, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
}
