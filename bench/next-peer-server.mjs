// The bare Next.js peer (bench/peers/next-route-handler): built with the project's installed `next` when its build is
// missing or older than its sources, then served by `next start` on a free port, answering GET /v1/services with the
// bytes in `body`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOrThrow } from '../server/run.mjs';
import { freePort } from '../test-support/free-port.mjs';

const PEER_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'peers', 'next-route-handler');
const NEXT_BIN = fileURLToPath(import.meta.resolve('next/dist/bin/next'));

/** The newest modification time of the peer's sources (its build output aside). */
function newestSource(dir = PEER_DIR) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.name !== '.next')
    .reduce((newest, entry) => {
      const full = path.join(dir, entry.name);
      return Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
    }, 0);
}

function builtAt() {
  try {
    return statSync(path.join(PEER_DIR, '.next', 'BUILD_ID')).mtimeMs;
  } catch {
    return 0;
  }
}

/** `next build` of the peer, unless a build newer than its sources is there. */
export async function buildNextPeer() {
  if (builtAt() > newestSource()) return;
  console.log('building the Next.js peer (bench/peers/next-route-handler) with the installed next …');
  await runOrThrow(process.execPath, [NEXT_BIN, 'build'], { cwd: PEER_DIR, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }, quiet: true });
}

async function waitForAnswer(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Next.js peer exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the Next.js peer did not answer ${url} within ${timeoutMs} ms`);
}

/** Builds (if needed) and starts the peer answering `body` (`nodeArguments` for its Node, e.g. --cpu-prof); `stop()` ends it (SIGTERM, then SIGKILL). */
export async function startNextPeer(body, { nodeArguments = [] } = {}) {
  await buildNextPeer();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'toc-next-peer-'));
  const bodyFile = path.join(dir, 'body.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const child = spawn(process.execPath, [...nodeArguments, NEXT_BIN, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: PEER_DIR,
    env: { ...process.env, NODE_ENV: 'production', PEER_BODY_FILE: bodyFile, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForAnswer(`${baseUrl}/v1/services`, child);
  return {
    baseUrl,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM'); // a profile is written as the process exits
        const timer = setTimeout(kill, 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
