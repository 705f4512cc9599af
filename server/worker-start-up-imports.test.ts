import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileServer } from '../scripts/release/compile-server.mjs';

/**
 * Packages only some jobs, some settings or one database engine need are loaded on first use (lib/core/lazy-import.ts),
 * so the job runner's thread does not hold them from start-up (docs/performance.md, Footprint). This compiles the
 * runner as `npm run build` does and follows its static imports only (not `import()`): a top-level import of one of
 * these packages anywhere the runner reaches puts it back in the list and fails here.
 */
const LOADED_ON_FIRST_USE = [
  '@aws-sdk/client-s3',
  'stripe',
  'sharp',
  'cheerio',
  'tsdav',
  'nodemailer',
  'next/cache',
  'next/cache.js',
  '@prisma/adapter-pg',
  '@prisma/adapter-better-sqlite3',
  '@node-rs/argon2',
  'ajv',
  'ajv/dist/2020.js',
  'ajv-formats',
];

let outdir: string;
let metafile: Metafile;

beforeAll(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), 'worker-imports-'));
  metafile = await compileServer({ outdir });
}, 60_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The packages the output `entry` imports statically, through every chunk it statically imports. */
function staticPackageImports(entry: string): { packages: Set<string>; dynamic: Set<string> } {
  const packages = new Set<string>();
  const dynamic = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const item of metafile.outputs[output]!.imports) {
      if (item.kind === 'dynamic-import') {
        if (item.external) dynamic.add(item.path);
        continue;
      }
      if (item.external) packages.add(item.path);
      else visit(item.path);
    }
  };
  visit(entry);
  return { packages, dynamic };
}

describe('the job runner at start-up', () => {
  it('imports none of the packages that load on first use, and still reaches each of them by import()', () => {
    const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'server/worker.ts')![0];
    const { packages, dynamic } = staticPackageImports(entry);
    expect(LOADED_ON_FIRST_USE.filter((name) => packages.has(name))).toEqual([]);
    // The list is not stale: the runner does use these packages, later.
    expect(
      ['@aws-sdk/client-s3', 'stripe', 'sharp', 'cheerio', 'tsdav', 'nodemailer', '@prisma/adapter-pg', '@prisma/adapter-better-sqlite3'].filter(
        (name) => !dynamic.has(name),
      ),
    ).toEqual([]);
    // Sanity: what it does need at once is still there.
    expect(packages.has('@prisma/client/runtime/client')).toBe(true);
  });
});

describe('the analytics writer thread at start-up', () => {
  it('imports no Prisma client (a thread with one costs about 75 MiB), and reaches its database through an adapter', () => {
    const entry = Object.entries(metafile.outputs).find(([, output]) => output.entryPoint === 'server/analytics-writer.ts')![0];
    const { packages, dynamic } = staticPackageImports(entry);
    expect([...packages].filter((name) => name.startsWith('@prisma/'))).toEqual([]);
    expect([...dynamic].filter((name) => name.startsWith('@prisma/')).sort()).toEqual(['@prisma/adapter-better-sqlite3', '@prisma/adapter-pg']);
  });
});
