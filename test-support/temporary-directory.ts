import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, onTestFinished } from 'vitest';

/**
 * A new directory under the system's temporary folder, removed when the test that asked for it ends (or, asked for
 * outside a test, when the file's tests end). Tests copy databases of a few megabytes into these: left behind, one run
 * of the suite would fill /tmp with them.
 */
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    onTestFinished(remove);
  } catch {
    // Not inside a test: at the top of a file or in a beforeAll hook.
    afterAll(remove);
  }
  return dir;
}
