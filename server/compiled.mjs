import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY_POINTS } from './compiled-entries.mjs';
import { runOrThrow } from './run.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(projectRoot, 'dist');

/** dist/<name>.mjs: a TypeScript entry point compiled by scripts/release/compile-server.mjs (`npm run build`). */
export function compiledEntry(name) {
  return path.join(DIST, `${name}.mjs`);
}

/** The release folder's package.json names its release (scripts/release/build-release.mjs); a checkout's does not. */
export function isCheckout() {
  return !JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')).release;
}

/**
 * Whether dist/ was compiled from the sources as they are now (dist/inputs.json, written by the compile step) and has
 * every entry point (one added since the last compile has no recorded inputs to compare).
 */
function distIsCurrent() {
  if (!Object.keys(SERVER_ENTRY_POINTS).every((name) => existsSync(compiledEntry(name)))) return false;
  try {
    const inputs = JSON.parse(readFileSync(path.join(DIST, 'inputs.json'), 'utf8'));
    return Object.entries(inputs).every(([file, recorded]) => {
      const { size, mtimeMs } = statSync(path.join(projectRoot, file));
      return `${size}:${mtimeMs}` === recorded;
    });
  } catch {
    return false;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * In a checkout, compiles dist/ from the sources when they changed since it was compiled (half a second with esbuild),
 * so `npm start` never runs code older than the sources and never needs tsx. Instances starting together take turns
 * (a lock folder): the first compiles, the others find dist/ current. The release ships dist/ and compiles nothing.
 */
export async function compileInCheckout() {
  if (!isCheckout() || distIsCurrent()) return;
  const lock = `${DIST}.lock`;
  for (let waited = 0; ; waited += 100) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      // A start killed while compiling leaves its lock behind: after half a minute, take it over.
      if (waited > 30_000) break;
      await sleep(100);
      if (distIsCurrent()) return;
    }
  }
  try {
    if (distIsCurrent()) return;
    const fresh = `${DIST}.${process.pid}`;
    const old = `${DIST}.old.${process.pid}`;
    await runOrThrow(process.execPath, ['scripts/release/compile-server.mjs', fresh], { cwd: projectRoot, quiet: true });
    if (existsSync(DIST)) renameSync(DIST, old);
    renameSync(fresh, DIST);
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
