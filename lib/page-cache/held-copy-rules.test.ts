import { describe, expect, it, vi } from 'vitest';
import { config } from '@/lib/config';
import { contentSnapshot, freshPublishedStamp, invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { SESSION_COOKIE } from '@/lib/staff-web/session-cookie';
import { DRAFT_MODE_COOKIE } from './cache-bypass';
import { copyEtag } from './copy-validator';
import { heldCopyRules } from './held-copies.mjs';
import { publishHeldCopyRules } from './held-copy-rules';

// The unit tier re-reads content on every request (CONTENT_REVALIDATE_MS=0, database-per-file.setup.ts); freshness
// needs an interval to be fresh in. Set before this file's first config() read.
vi.hoisted(() => {
  process.env.CONTENT_REVALIDATE_MS = '60000';
});

/** The rules the web server's held copies read (held-copies.mjs), as the app publishes them. */
describe('the rules for held copies', () => {
  it('reach the web server: what proxy.ts publishes is what held-copies.mjs reads', () => {
    publishHeldCopyRules();
    expect(heldCopyRules()).toBeDefined();
  });

  it("give the current edition's copy ETag only while the content snapshot is fresh", async () => {
    publishHeldCopyRules();
    const rules = heldCopyRules()!;
    const { buildStamp } = await contentSnapshot();
    expect(rules.currentCopyEtag()).toBe(copyEtag(buildStamp));

    // Past CONTENT_REVALIDATE_MS the snapshot must be re-checked first: no copy may answer until it is.
    expect(freshPublishedStamp(Date.now() + config().CONTENT_REVALIDATE_MS + 1)).toBeNull();

    // A publication in this process (revalidateContent) invalidates the snapshot: held copies stop at once.
    invalidateContentSnapshot();
    expect(rules.currentCopyEtag()).toBeNull();
    await contentSnapshot();
    expect(rules.currentCopyEtag()).toBe(copyEtag(buildStamp));
  });

  it('let a copy answer visitors, but never a staff session or draft mode', () => {
    publishHeldCopyRules();
    const rules = heldCopyRules()!;
    expect(rules.mayUseCopy([])).toBe(true);
    expect(rules.mayUseCopy(['theme', 'visitor'])).toBe(true);
    expect(rules.mayUseCopy(['theme', SESSION_COOKIE])).toBe(false);
    expect(rules.mayUseCopy([DRAFT_MODE_COOKIE])).toBe(false);
  });
});
