import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new directory under the system's temporary folder (or `parent`), removed when the test that asked for it ends
 * (or, asked for outside a test, when the file's tests end). Tests copy databases of a few megabytes into these: left
 * behind, one run of the suite would fill /tmp with them. Vitest runs no hook of a file whose tests are all skipped,
 * so such a file's folder stays unless something removes `parent`.
 */
export function temporaryDirectory(prefix: string, parent: string = os.tmpdir()): string {
  const dir = mkdtempSync(path.join(parent, prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test: at the top of a file or in a beforeAll hook.
    afterAll(remove);
  }
  return dir;
}
