import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, addCompileHints, firstLoadChunks } from './compile-hints.mjs';

describe('compile hints on the first-load chunks', () => {
  let nextDir: string;
  const chunk = (name: string) => path.join(nextDir, 'static/chunks', name);

  beforeEach(() => {
    nextDir = mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
    mkdirSync(path.join(nextDir, 'static/chunks'), { recursive: true });
    for (const name of ['framework.js', 'runtime.js', 'contact-form.js', 'polyfills.js']) writeFileSync(chunk(name), `(()=>{/* ${name} */})();\n`);
    writeFileSync(
      path.join(nextDir, 'build-manifest.json'),
      JSON.stringify({ polyfillFiles: ['static/chunks/polyfills.js'], rootMainFiles: ['static/chunks/framework.js', 'static/chunks/runtime.js'] }),
    );
  });
  afterEach(() => rmSync(nextDir, { recursive: true, force: true }));

  it('puts the hint on the first line of the rootMainFiles and of no other chunk', () => {
    expect(addCompileHints(nextDir)).toEqual([chunk('framework.js'), chunk('runtime.js')]);
    expect(readFileSync(chunk('framework.js'), 'utf8')).toBe('//# allFunctionsCalledOnLoad\n(()=>{/* framework.js */})();\n');
    expect(readFileSync(chunk('runtime.js'), 'utf8')).toBe('//# allFunctionsCalledOnLoad\n(()=>{/* runtime.js */})();\n');
    expect(readFileSync(chunk('contact-form.js'), 'utf8')).toBe('(()=>{/* contact-form.js */})();\n');
    expect(readFileSync(chunk('polyfills.js'), 'utf8')).toBe('(()=>{/* polyfills.js */})();\n');
  });

  it('adds it once, however often the build step runs', () => {
    addCompileHints(nextDir);
    expect(addCompileHints(nextDir)).toEqual([]);
    expect(readFileSync(chunk('framework.js'), 'utf8').split(COMPILE_HINT)).toHaveLength(2);
  });

  it('says what is wrong without a build manifest, or with one that names no first-load chunks', () => {
    rmSync(path.join(nextDir, 'build-manifest.json'));
    expect(() => firstLoadChunks(nextDir)).toThrow(/build-manifest\.json is missing: run `next build` first/);
    writeFileSync(path.join(nextDir, 'build-manifest.json'), JSON.stringify({ rootMainFiles: [] }));
    expect(() => addCompileHints(nextDir)).toThrow(/names no rootMainFiles/);
  });
});
