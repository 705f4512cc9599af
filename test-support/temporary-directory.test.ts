import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { temporaryDirectory } from './temporary-directory';

// Asked for outside a test: kept for the whole file (removed by afterAll, after the last test here).
const forTheFile = temporaryDirectory('toc-probe-file-');
let forEachTest = '';
beforeEach(() => {
  forEachTest = temporaryDirectory('toc-probe-each-');
});
const made: string[] = [];

describe('temporaryDirectory', () => {
  it('makes a new folder under the system temporary folder, or under the parent given', () => {
    const inside = temporaryDirectory('toc-probe-in-');
    const nested = temporaryDirectory('child-', forTheFile);
    made.push(forEachTest, inside, nested);
    expect([existsSync(inside), existsSync(nested), existsSync(forEachTest)]).toEqual([true, true, true]);
    expect(path.dirname(inside)).toBe(os.tmpdir());
    expect(path.basename(inside)).toMatch(/^toc-probe-in-/);
    expect(path.dirname(nested)).toBe(forTheFile);
  });

  it('removes a folder asked for in a test, or in beforeEach, when that test ends; keeps the file’s until the file ends', () => {
    expect(made).toHaveLength(3);
    expect(made.map((dir) => existsSync(dir))).toEqual([false, false, false]);
    expect(existsSync(forTheFile)).toBe(true);
    expect(existsSync(forEachTest)).toBe(true);
  });
});
