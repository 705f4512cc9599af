// The packed release (`npm run release`) as an operator runs it: unpacked into an empty folder outside the checkout,
// with no node_modules beside it, and started with `node server/start.mjs` on the Node binary given.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../free-port.mjs';
import { TEST_RATE_LIMITS, TEST_SESSION_SECRET } from '../test-server.mjs';

/** Unpacks `tarball` into a new folder under the system's temporary folder; returns the release's own folder. */
export function unpackRelease(tarball) {
  const parent = mkdtempSync(path.join(os.tmpdir(), 'throughline-release-'));
  const unpacked = spawnSync('tar', ['-xzf', tarball, '-C', parent], { encoding: 'utf8' });
  if (unpacked.status !== 0) throw new Error(`tar could not unpack ${tarball}: ${unpacked.stderr}`);
  const [top] = readdirSync(parent);
  return { dir: path.join(parent, top), remove: () => rmSync(parent, { recursive: true, force: true }) };
}

/** node_modules folders in `dir`'s parents, where Node would look for a package the release lacks: must be none. */
export function nodeModulesAbove(dir) {
  const found = [];
  for (let parent = path.dirname(dir); ; parent = path.dirname(parent)) {
    if (existsSync(path.join(parent, 'node_modules'))) found.push(path.join(parent, 'node_modules'));
    if (parent === path.dirname(parent)) return found;
  }
}

async function firstHealthyAnswer(baseUrl, child, output, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the release exited early (${child.exitCode})\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the release did not answer /readyz with 200 within ${timeoutMs} ms\n${output()}`);
}

/**
 * Starts the release in `dir` on `databaseUrl` (its own SQLite file under data/ when none is given) with a clean
 * environment: PATH, HOME and the settings, nothing of the test runner's. Resolves once GET /readyz answers 200, with
 * the time that took (`startMs`).
 */
export async function startRelease({ dir, databaseUrl, node = process.execPath, env = {} }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  const child = spawn(node, ['server/start.mjs'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: baseUrl,
      SESSION_SECRET: TEST_SESSION_SECRET,
      ...TEST_RATE_LIMITS,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => (text += chunk));
  child.stderr.on('data', (chunk) => (text += chunk));
  const output = () => text;
  const kill = () => child.exitCode === null && child.kill('SIGKILL');
  process.once('exit', kill);
  try {
    await firstHealthyAnswer(baseUrl, child, output, 120_000);
  } catch (error) {
    kill();
    throw error;
  }
  return {
    baseUrl,
    databaseUrl: databaseUrl ?? `file:${path.join(dir, 'data', 'app.db')}`,
    pid: child.pid,
    startMs: Date.now() - started,
    output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode !== null) return child.exitCode;
      const exited = new Promise((resolve) => child.once('exit', (code, killed) => resolve(code ?? killed)));
      child.kill(signal);
      return exited;
    },
  };
}
