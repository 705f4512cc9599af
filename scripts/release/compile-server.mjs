#!/usr/bin/env node
// Compiles the TypeScript entry points that run outside Next (the job runner, the configuration checks, the seed
// loader, the staff account command) to plain JavaScript in dist/, so nothing compiles TypeScript at run time (no
// tsx): `npm start` and the release run `node dist/<name>.mjs`. Packages stay imports of node_modules (the release
// copies the files they need); the project's own modules are bundled in. Part of `npm run build`.
import { statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { SERVER_ENTRY_POINTS } from '../../server/compiled-entries.mjs';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');


export async function compileServer({ outdir = path.join(projectRoot, 'dist') } = {}) {
  const { metafile } = await build({
    metafile: true,
    absWorkingDir: projectRoot,
    entryPoints: SERVER_ENTRY_POINTS,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // Node's ES module loader wants the file: next has no `exports` map to resolve a bare `next/cache`.
    alias: { 'next/cache': 'next/cache.js' },
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS-style code (require, __dirname) keeps working in an ES module.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  // An import of the project's own that esbuild could not find (e.g. lib/generated before `npm run generate`) would
  // be left as a package import and fail only at run time: refuse it here.
  const unresolved = Object.values(metafile.outputs)
    .flatMap((output) => output.imports)
    .filter((item) => item.external && /^(@\/|\.)/.test(item.path));
  if (unresolved.length > 0) throw new Error(`Unresolved project imports: ${[...new Set(unresolved.map((item) => item.path))].join(', ')}`);
  // What it was compiled from, so a start in a checkout can tell whether dist/ is still current (server/compiled.mjs).
  const inputs = Object.fromEntries(Object.keys(metafile.inputs).map((file) => [file, fingerprint(path.join(projectRoot, file))]));
  writeFileSync(path.join(outdir, INPUTS_FILE), JSON.stringify(inputs));
  return metafile;
}

export const INPUTS_FILE = 'inputs.json';

/** A file's size and modification time: what changes when it is edited. */
export function fingerprint(file) {
  const { size, mtimeMs } = statSync(file);
  return `${size}:${mtimeMs}`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await compileServer(process.argv[2] ? { outdir: path.resolve(process.argv[2]) } : {});
