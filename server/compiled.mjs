import { existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * In a checkout, compiles dist/ from the sources now (half a second with esbuild), so `npm start` never runs code
 * older than the sources and never needs tsx. Compiled into a folder of its own and moved into place, so instances
 * starting together each see a whole dist/. The release ships dist/ and compiles nothing.
 */
export async function compileInCheckout() {
  if (!isCheckout()) return;
  const fresh = `${DIST}.${process.pid}`;
  const old = `${DIST}.old.${process.pid}`;
  await runOrThrow(process.execPath, ['scripts/release/compile-server.mjs', fresh], { cwd: projectRoot, quiet: true });
  if (existsSync(DIST)) renameSync(DIST, old);
  renameSync(fresh, DIST);
  rmSync(old, { recursive: true, force: true });
}
