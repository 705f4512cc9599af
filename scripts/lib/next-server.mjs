import { spawn } from 'node:child_process';

/**
 * Node's default limit on request headers (16 KB) refuses long query strings with 431 before Next sees
 * them; search accepts 10,000-character queries, which URL-encoded can take three times that.
 */
export const NODE_SERVER_OPTIONS = '--max-http-header-size=65536';

/** Starts `next start` directly (not through npx), so killing this process stops the server. */
export function spawnNextStart({ port, host = '127.0.0.1', env = process.env, stdio = 'inherit' }) {
  const nodeOptions = [env.NODE_OPTIONS, NODE_SERVER_OPTIONS].filter(Boolean).join(' ');
  return spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', '-p', String(port), '-H', host], {
    env: { ...env, NODE_OPTIONS: nodeOptions },
    stdio,
  });
}
