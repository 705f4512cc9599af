#!/usr/bin/env node
// Marks the scripts every page runs on its first load for eager compilation, after `next build` (part of
// `npm run build`, before the release folder copies .next/static).
//   node scripts/build/compile-hints.mjs [nextDir]     default: .next of the checkout
//
// Why: V8 compiles a function when it is first called, on the main thread. The framework's chunks (React DOM, Next's
// router and Turbopack's runtime: the build manifest's `rootMainFiles`) are one large function per module, nearly all
// of it called while the page hydrates, so on a first visit the main thread stopped for lazy compilation in the middle
// of hydration: Lighthouse's mobile audit counted that as blocking time (TBT 250-540 ms on this machine's pages).
// The magic comment `//# allFunctionsCalledOnLoad` on a script's first line (V8's explicit compile hints, Chrome 136
// and later; other engines read it as a comment) has Chromium compile every function of the file eagerly on the
// background thread that streams the script in: TBT fell on nine pages of ten, by a third on the median page
// (docs/performance.md, "Compile hints").
// Only the shared first-load chunks carry it: eager compilation of code that never runs would waste memory and a
// background core, so chunks loaded later (a route's own code, the polyfills for old browsers) keep lazy compilation.
//
// The chunks' names stay as they are: they are content hashes of the build's output, the change is made once per build
// and the same for every build of a commit, so a browser never holds another copy under the same name.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** The chunks every page loads first, as paths inside `nextDir` (Next's build manifest names them). */
export function firstLoadChunks(nextDir) {
  const manifestPath = path.join(nextDir, 'build-manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: run \`next build\` first`);
  const { rootMainFiles } = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!Array.isArray(rootMainFiles) || rootMainFiles.length === 0) throw new Error(`${manifestPath} names no rootMainFiles`);
  return rootMainFiles.filter((file) => file.endsWith('.js')).map((file) => path.join(nextDir, file));
}

/** Puts the hint on the first line of each first-load chunk; a chunk that has it already is left alone. Returns the files changed. */
export function addCompileHints(nextDir) {
  const changed = [];
  for (const file of firstLoadChunks(nextDir)) {
    const source = readFileSync(file, 'utf8');
    if (source.startsWith(COMPILE_HINT)) continue;
    writeFileSync(file, COMPILE_HINT + source);
    changed.push(file);
  }
  return changed;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const nextDir = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../.next'));
  const changed = addCompileHints(nextDir);
  console.log(`Compile hints: ${changed.length} first-load chunk(s) marked for eager compilation.`);
}
