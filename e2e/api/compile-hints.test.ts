import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { COMPILE_HINT, firstLoadChunks } from '../../scripts/build/compile-hints.mjs';

/** The framework's chunks the build step marked, as the paths the server answers them at. */
const nextDir = path.join(process.cwd(), '.next');
const rootMainFiles = firstLoadChunks(nextDir).map((file) => `/_next/${path.relative(nextDir, file).split(path.sep).join('/')}`);

async function scriptsOf(page: string): Promise<string[]> {
  const html = await (await fetch(`${baseUrl()}${page}`, { headers: { accept: 'text/html' } })).text();
  return [...html.matchAll(/<script src="(\/_next\/static\/chunks\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
}

describe('compile hints (scripts/build/compile-hints.mjs)', () => {
  it('the first-load chunks a page asks for are served with the hint on their first line', async () => {
    const scripts = await scriptsOf('/contact');
    expect(rootMainFiles.length).toBeGreaterThan(2);
    for (const file of rootMainFiles) expect(scripts).toContain(file);
    for (const file of rootMainFiles) {
      const response = await fetch(`${baseUrl()}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
      expect((await response.text()).startsWith(COMPILE_HINT)).toBe(true);
    }
  });

  it("a page's own chunks keep lazy compilation", async () => {
    const ownChunks = (await scriptsOf('/contact')).filter((file) => !rootMainFiles.includes(file));
    expect(ownChunks.length).toBeGreaterThan(0);
    for (const file of ownChunks) {
      const body = await (await fetch(`${baseUrl()}${file}`)).text();
      expect(body.length).toBeGreaterThan(0);
      expect(body.startsWith(COMPILE_HINT)).toBe(false);
    }
  });
});
