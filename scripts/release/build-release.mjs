#!/usr/bin/env node
// The release folder: what runs on a server with Node alone, no devDependencies, no TypeScript at run time.
//   node scripts/release/build-release.mjs          assemble release/ (the end of `npm run build`)
//   node scripts/release/build-release.mjs --pack   also pack releases/throughline-<version>-<commit>.tar.gz (`npm run release`)
// It needs `next build` first (output: 'standalone'). The folder has the layout of a checkout, so the same start-up
// code runs in both:
//   .next/ + node_modules/   Next's standalone output: the built app and the files it traced, plus .next/static;
//   public/                  static files;
//   dist/                    the job runner, the configuration check, the seed loader and the staff command,
//                            compiled from TypeScript (scripts/release/compile-server.mjs);
//   server/, lib/**.mjs      the start-up script and the web server, plain JavaScript already, with what they import;
//   prisma/, tools/prisma-offline/, prisma.config.ts   migrations (both engines), seed content, the migrate command;
//   server/commands/db-backup.mjs    `npm run db:backup`.
// Packages come from tracing (@vercel/nft, as Next traces its own): the files of every package a traced file loads,
// native addons (better-sqlite3, argon2; sharp's binaries when the app uses it) included. The release tests check
// that none is a devDependency (scripts/release/release-packages.mjs).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
// Next's own copy of @vercel/nft, the tracer that makes .next/standalone.
import nft from 'next/dist/compiled/@vercel/nft/index.js';
import { withMallocSettings } from '../../server/malloc-settings.mjs';
import { compileInCheckout } from '../../server/compiled.mjs';
import { packageRootOf } from './package-paths.mjs';
import { devOnlyPackages } from './release-packages.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const RELEASE_DIR = path.join(projectRoot, 'release');

/** The release's npm scripts: node itself and the compiled entries, never tsx. */
export const RELEASE_SCRIPTS = {
  start: withMallocSettings('node server/start.mjs'),
  worker: withMallocSettings('node dist/worker.mjs'),
  'db:migrate': 'node tools/prisma-offline/prisma.mjs migrate deploy',
  'db:backup': 'node server/commands/db-backup.mjs',
  'staff:create': 'node dist/staff-create.mjs',
};

/** What runs: traced for the project files and packages they load. */
const TRACED_ENTRIES = [
  'server/start.mjs',
  'server/web-server.mjs',
  'server/commands/db-backup.mjs',
  'tools/prisma-offline/prisma.mjs',
  'tools/prisma-offline/schema-engine.mjs',
  // Started by path at run time (a worker thread of the search), so no import leads to it.
  'lib/domain/search/sqlite/search-worker.mjs',
  // The Prisma CLI, which tools/prisma-offline/prisma.mjs runs as a child process for `migrate deploy`.
  'node_modules/prisma/build/index.js',
];

/** Data read at run time, copied as they are. */
const DATA = ['prisma/migrations', 'prisma/postgres/migrations', 'prisma/schema.prisma', 'prisma/postgres/schema.prisma', 'prisma/content', 'prisma.config.ts', 'public'];

function copy(relative, target = relative) {
  cpSync(path.join(projectRoot, relative), path.join(RELEASE_DIR, target), { recursive: true, verbatimSymlinks: true });
}

/**
 * Packages copied whole, beside the traced files: the Prisma CLI finds its wasm and its parts by computed paths,
 * which no tracer can follow. Every other package contributes the files the trace found, as in Next's own output.
 */
const WHOLE_PACKAGES = ['node_modules/prisma', 'node_modules/@prisma/schema-engine-wasm'];

/**
 * Packages the trace finds referenced but that nothing the release runs loads: the Prisma CLI names esbuild and
 * PGlite for `prisma dev` and TypeScript as an optional peer; `migrate deploy` runs without them (the release tests
 * migrate both engines). A package the lockfile installs only for development (`dev` or `devOptional`) never goes in.
 */
const NEVER_LOADED = new Set(['node_modules/esbuild', 'node_modules/@esbuild/linux-x64', 'node_modules/@electric-sql/pglite', 'node_modules/typescript']);

function shipped(file, lock) {
  const root = packageRootOf(file);
  if (!root) return true;
  return !NEVER_LOADED.has(root) && lock[root]?.dev !== true && lock[root]?.devOptional !== true;
}

function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: projectRoot, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: projectRoot, encoding: 'utf8' }).trim();
    return dirty ? `${commit}-dirty` : commit;
  } catch {
    return 'unknown';
  }
}

/** The release's package.json: what it is, the Node it needs, and the commands an operator runs in it. */
function releaseManifest(commit) {
  const source = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  return {
    name: source.name,
    version: source.version,
    private: true,
    type: 'module',
    description: source.description,
    engines: source.engines,
    release: { commit },
    scripts: RELEASE_SCRIPTS,
  };
}

export async function buildRelease() {
  const standalone = path.join(projectRoot, '.next', 'standalone');
  if (!existsSync(path.join(standalone, '.next', 'BUILD_ID'))) throw new Error('No standalone build in .next/standalone: run `npm run build` (next build) first.');
  // dist/ as `npm start` compiles it: only when stale, swapped in whole, so servers that other stages of `npm test`
  // start meanwhile never read a half-written dist/.
  await compileInCheckout();
  rmSync(RELEASE_DIR, { recursive: true, force: true });
  cpSync(standalone, RELEASE_DIR, { recursive: true, verbatimSymlinks: true });
  // Next's own minimal server; the release starts with server/start.mjs (the web server with its own front).
  rmSync(path.join(RELEASE_DIR, 'server.js'), { force: true });
  copy('.next/static');
  copy('dist');
  for (const item of DATA) copy(item);

  const entries = [...TRACED_ENTRIES, ...readdirSync(path.join(projectRoot, 'dist')).filter((name) => name.endsWith('.mjs')).map((name) => `dist/${name}`)];
  const { fileList } = await nft.nodeFileTrace(entries, { base: projectRoot, processCwd: projectRoot });
  const lock = JSON.parse(readFileSync(path.join(projectRoot, 'package-lock.json'), 'utf8')).packages;
  // TypeScript sources and build scripts the trace saw named by a path (the checkout's compile step) stay behind.
  const files = [...fileList].filter((file) => !file.startsWith('dist/') && !/^(scripts\/release\/|[^/]+\.ts$|.*\.tsx?$)/.test(file.replace(/^node_modules\/.*/, '')) && shipped(file, lock));
  for (const file of files) copy(file);
  for (const root of WHOLE_PACKAGES) copy(root);
  const packages = new Set([...files.map(packageRootOf).filter(Boolean), ...WHOLE_PACKAGES]).size;

  // Next's trace may name a development-only copy of a package beside the one the app loads (a hoisted older
  // OpenTelemetry, pino-pretty that the logger loads in development only): a release never carries one.
  const leftOut = devOnlyPackages(RELEASE_DIR, path.join(projectRoot, 'package-lock.json')).filter((item) => !item.includes(' '));
  for (const root of leftOut) rmSync(path.join(RELEASE_DIR, root), { recursive: true, force: true });

  const commit = gitCommit();
  writeFileSync(path.join(RELEASE_DIR, 'package.json'), `${JSON.stringify(releaseManifest(commit), null, 2)}\n`);
  return { dir: RELEASE_DIR, commit, packages };
}

/** releases/throughline-<version>-<commit>.tar.gz, one top folder of the same name. */
export function packRelease({ commit }) {
  const { version } = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8'));
  const name = `throughline-${version}-${commit}`;
  const outDir = path.join(projectRoot, 'releases');
  mkdirSync(outDir, { recursive: true });
  const tarball = path.join(outDir, `${name}.tar.gz`);
  execFileSync('tar', ['-czf', tarball, '--transform', `s,^release,${name},`, '--owner=0', '--group=0', 'release'], { cwd: projectRoot });
  return { tarball, bytes: statSync(tarball).size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  const built = await buildRelease();
  console.log(`Release folder ${path.relative(projectRoot, built.dir)}/ (commit ${built.commit}, ${built.packages} packages) in ${Date.now() - started} ms.`);
  if (process.argv.includes('--pack')) {
    const { tarball, bytes } = packRelease(built);
    console.log(`Packed ${path.relative(projectRoot, tarball)} (${(bytes / 1024 / 1024).toFixed(1)} MiB).`);
  }
}
