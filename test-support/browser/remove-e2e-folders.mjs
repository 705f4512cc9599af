// Playwright's global teardown: removes the journeys' database and mail folders (playwright.config.ts makes them), so
// runs do not pile them up in /tmp. A folder passed in from outside (E2E_DATABASE_DIR set before the run) is the
// caller's, and stays.
import { rmSync } from 'node:fs';

export default function removeE2eFolders() {
  for (const dir of JSON.parse(process.env.E2E_FOLDERS_MADE ?? '[]')) rmSync(dir, { recursive: true, force: true });
}
