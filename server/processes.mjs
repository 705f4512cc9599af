import { spawn } from 'node:child_process';
import { MALLOC_SETTINGS } from './malloc-settings.mjs';

/** `stdio` as an array with an IPC channel added, so parent and child can exchange messages. */
function withIpc(stdio) {
  const streams = Array.isArray(stdio) ? stdio.slice(0, 3) : [stdio, stdio, stdio];
  return [...streams, 'ipc'];
}

/**
 * Starts the web server (server/web-server.mjs: Next's production app behind node:http) directly, not through
 * npx, so killing this process stops the server.
 */
export function spawnWebServer({ port, host = '127.0.0.1', env = process.env, stdio = 'inherit' }) {
  return spawn(process.execPath, ['server/web-server.mjs'], {
    env: { ...MALLOC_SETTINGS, ...env, PORT: String(port), HOST: host },
    stdio: withIpc(stdio),
  });
}

/** Starts the job runner (server/worker.ts) as its own process; tsx is loaded in-process, so its pid is the runner's. */
export function spawnWorker({ env = process.env, stdio = 'inherit' } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'server/worker.ts'], { env: { ...MALLOC_SETTINGS, ...env }, stdio: withIpc(stdio) });
}
