import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressStatic } from './precompress-static.mjs';

describe('Brotli copies of the static files', () => {
  let nextDir: string;
  const file = (name: string) => path.join(nextDir, 'static', name);
  const script = 'function render(element) { return element.children.map((child) => render(child)); }\n'.repeat(200);
  const stylesheet = '.mx-auto{margin-inline:auto}.px-4{padding-inline:1rem}\n'.repeat(200);

  beforeEach(() => {
    nextDir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    mkdirSync(file('chunks'), { recursive: true });
    mkdirSync(file('build-id'), { recursive: true });
    mkdirSync(file('media'), { recursive: true });
    writeFileSync(file('chunks/framework.js'), script);
    writeFileSync(file('chunks/site.css'), stylesheet);
    writeFileSync(file('build-id/_buildManifest.js'), 'self.__BUILD_MANIFEST={};');
    writeFileSync(file('media/logo.svg'), `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(200)}</svg>`);
  });
  afterEach(() => rmSync(nextDir, { recursive: true, force: true }));

  it('writes <file>.br beside each script and stylesheet, decoding to the same bytes and smaller than gzip', () => {
    const { written, before, after } = precompressStatic(nextDir);
    expect(written).toBe(2);
    for (const name of ['chunks/framework.js', 'chunks/site.css']) {
      const original = readFileSync(file(name));
      const copy = readFileSync(`${file(name)}.br`);
      expect(brotliDecompressSync(copy).equals(original)).toBe(true);
      expect(copy.length).toBeLessThan(gzipSync(original, { level: 9 }).length);
    }
    expect(before).toBe(script.length + stylesheet.length);
    expect(after).toBe(readFileSync(`${file('chunks/framework.js')}.br`).length + readFileSync(`${file('chunks/site.css')}.br`).length);
  });

  it('leaves other files (an image, a manifest too small to gain) without a copy; a second run changes nothing', () => {
    writeFileSync(file('chunks/tiny.js'), 'x');
    precompressStatic(nextDir);
    const listing = () => readdirSync(path.join(nextDir, 'static'), { recursive: true }).map(String).sort();
    const once = listing();
    expect(once.filter((name) => name.endsWith('.br'))).toEqual(['chunks/framework.js.br', 'chunks/site.css.br']);
    precompressStatic(nextDir);
    expect(listing()).toEqual(once);
  });
});
