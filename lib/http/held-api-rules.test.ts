import { describe, expect, it, vi } from 'vitest';
import { contentSnapshot, invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { etagFor } from './cache-policy';
import { heldApiRules } from './held-api-answers.mjs';
import { publishHeldApiRules } from './held-api-rules';

// The unit tier re-reads content on every request (CONTENT_REVALIDATE_MS=0, database-per-file.setup.ts); freshness
// needs an interval to be fresh in. Set before this file's first config() read.
vi.hoisted(() => {
  process.env.CONTENT_REVALIDATE_MS = '60000';
  process.env.RATE_LIMIT_READS_PER_MINUTE = '5';
});

/** The rules the web server's held API answers read (held-api-answers.mjs), as the app publishes them. */
describe('the rules for held API answers', () => {
  it("give the content answers' ETag only while the content snapshot is fresh", async () => {
    publishHeldApiRules();
    const rules = heldApiRules()!;
    const { buildStamp } = await contentSnapshot();
    expect(rules.currentEtag()).toBe(etagFor(buildStamp));
    invalidateContentSnapshot();
    expect(rules.currentEtag()).toBeNull();
    await contentSnapshot();
    expect(rules.currentEtag()).toBe(etagFor(buildStamp));
  });

  it("count each read against the client's reads limit, as the routes do", async () => {
    publishHeldApiRules();
    const rules = heldApiRules()!;
    const remaining = [];
    for (let i = 0; i < 6; i += 1) remaining.push(await rules.consumeRead('192.0.2.44'));
    expect(remaining.map((decision) => [decision.allowed, decision.limit, decision.remaining])).toEqual([
      [true, 5, 4],
      [true, 5, 3],
      [true, 5, 2],
      [true, 5, 1],
      [true, 5, 0],
      [false, 5, 0],
    ]);
    expect((await rules.consumeRead('192.0.2.45')).remaining).toBe(4);
  });
});
