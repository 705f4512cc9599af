import { spawn } from 'node:child_process';

/**
 * Node's default limit on request headers (16 KB) refuses long query strings with 431 before Next sees
 * them; search accepts 10,000-character queries, which URL-encoded can take three times that.
 */
export const NODE_SERVER_OPTIONS = '--max-http-header-size=65536';

/** `stdio` as an array with an IPC channel added, so parent and child can exchange messages. */
function withIpc(stdio) {
  const streams = Array.isArray(stdio) ? stdio.slice(0, 3) : [stdio, stdio, stdio];
  return [...streams, 'ipc'];
}

/** Starts `next start` directly (not through npx), so killing this process stops the server. */
export function spawnNextStart({ port, host = '127.0.0.1', env = process.env, stdio = 'inherit' }) {
  const nodeOptions = [env.NODE_OPTIONS, NODE_SERVER_OPTIONS].filter(Boolean).join(' ');
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', host], {
    env: { ...env, NODE_OPTIONS: nodeOptions },
    stdio: withIpc(stdio),
  });
}

/** Starts the job runner (scripts/worker.ts) as its own process; tsx is loaded in-process, so its pid is the runner's. */
export function spawnWorker({ env = process.env, stdio = 'inherit' } = {}) {
  return spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], { env, stdio: withIpc(stdio) });
}
