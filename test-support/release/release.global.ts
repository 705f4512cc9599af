import type { TestProject } from 'vitest/node';
import { startRelease, unpackRelease } from './release-instance.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    releaseDir: string;
    releasePid: number;
  }
}

/**
 * The vitest project `release` (scripts/release/release-test.mjs runs it): the packed release RELEASE_TARBALL,
 * unpacked into an empty folder and started on RELEASE_DATABASE_URL (its own SQLite file when unset) with the Node
 * binary RELEASE_NODE (this one when unset). The HTTP smoke tests then run against it as against the test server.
 */
export default async function setup(project: TestProject) {
  const tarball = process.env.RELEASE_TARBALL;
  if (!tarball) throw new Error('RELEASE_TARBALL is not set: run the release tests through `node scripts/release/release-test.mjs`.');
  const unpacked = unpackRelease(tarball);
  const release = await startRelease({ dir: unpacked.dir, databaseUrl: process.env.RELEASE_DATABASE_URL || undefined, node: process.env.RELEASE_NODE });
  console.log(`release started in ${release.startMs} ms (to the first 200 from /readyz) on ${process.env.RELEASE_NODE ?? process.execPath}`);
  project.provide('baseUrl', release.baseUrl);
  project.provide('databaseUrl', release.databaseUrl);
  project.provide('auditPageOrigin', '');
  project.provide('releaseDir', unpacked.dir);
  project.provide('releasePid', release.pid);
  return async () => {
    const code = await release.stop();
    unpacked.remove();
    if (code !== 0) throw new Error(`the release did not stop cleanly on SIGTERM (${code})\n${release.output()}`);
  };
}
