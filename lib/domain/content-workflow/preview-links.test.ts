import { describe, expect, it, vi } from 'vitest';
import { db } from '@/lib/db/client';
import { insightItemOf } from '../content/rows/insight-rows';
import { secretTokenDigest } from '../../core/secret-tokens';
import { saveDraft } from './drafts';
import { createPreviewLink, listPreviewLinks, resolvePreviewLink, revokePreviewLink } from './preview-links';
import { previewSnapshot } from './preview-content';
import { staffMember } from '../../../test-support/content-workflow-fixtures';

const reviewer = staffMember('marketing', 'Rita Reviewer');
const DAY = 24 * 60 * 60_000;
const SHARED = 'market-as-the-constraint';
const OTHER = 'policy-constraints';
const HIDDEN = 'ccpm-portfolio-staggering';

async function draftTitle(id: string, title: string, content?: string) {
  const item = insightItemOf(await db.insight.findUniqueOrThrow({ where: { id } }));
  await saveDraft(await reviewer, 'insight', id, { ...item, title, ...(content ? { content } : {}) });
}

describe('shared preview links', () => {
  it('need a draft, and keep only a hash of a 256-bit secret', async () => {
    const actor = await reviewer;
    await expect(createPreviewLink(actor, 'insight', OTHER)).rejects.toMatchObject({ code: 'NO_DRAFT' });
    await draftTitle(SHARED, 'Shared draft title', '## Shared\n\nOnly this draft.');
    const now = new Date('2026-11-20T12:00:00Z');
    const { token, expiresAt } = await createPreviewLink(actor, 'insight', SHARED, { now });
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
    expect(expiresAt).toEqual(new Date(now.getTime() + 7 * DAY));
    const stored = await db.previewLink.findUniqueOrThrow({ where: { id: token.split('.')[0] } });
    expect(stored.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.split('.')[1]);
    expect(await listPreviewLinks('insight', SHARED, now)).toEqual([
      expect.objectContaining({ id: stored.id, createdByName: 'Rita Reviewer', createdAt: now, expiresAt, state: 'active' }),
    ]);
  });

  it('are refused alike when expired, revoked, unknown, forged or malformed', async () => {
    const actor = await reviewer;
    const now = new Date('2026-11-20T12:00:00Z');
    const { token } = await createPreviewLink(actor, 'insight', SHARED, { now });
    const [id, secret] = token.split('.') as [string, string];
    expect(await resolvePreviewLink(token, new Date(now.getTime() + 7 * DAY - 1))).toMatchObject({
      type: 'insight',
      itemId: SHARED,
      createdByName: 'Rita Reviewer',
    });
    expect(await resolvePreviewLink(token, new Date(now.getTime() + 7 * DAY))).toBeNull();

    const forged = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const unknown = `${'A'.repeat(22)}.${secret}`;
    for (const refused of [forged, unknown, id, `${token}x`, '', '../../etc/passwd']) expect(await resolvePreviewLink(refused, now)).toBeNull();

    await revokePreviewLink(actor, 'insight', SHARED, id, now);
    expect(await resolvePreviewLink(token, now)).toBeNull();
    expect((await listPreviewLinks('insight', SHARED, now)).find((link) => link.id === id)).toMatchObject({ state: 'revoked', revokedByName: 'Rita Reviewer' });
  });

  it('are found by the digest of their secret, never by their id, whatever is wrong with the token', async () => {
    const actor = await reviewer;
    const now = new Date('2026-11-20T12:00:00Z');
    await draftTitle(SHARED, 'Shared draft title');
    const { token } = await createPreviewLink(actor, 'insight', SHARED, { now });
    const [id, secret] = token.split('.') as [string, string];
    const stored = await db.previewLink.findUniqueOrThrow({ where: { id } });
    expect(stored.secretHash).toBe(secretTokenDigest(secret));

    const other = await createPreviewLink(actor, 'insight', SHARED, { now });
    const lookups = vi.spyOn(db.previewLink, 'findUnique');
    try {
      const tried = {
        genuine: token,
        'another link’s id with this secret': `${other.token.split('.')[0]}.${secret}`,
        'this id with a secret one character off': `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`,
        'the id alone': id,
        malformed: '../../etc/passwd',
      };
      const answers = Object.fromEntries(
        await Promise.all(Object.entries(tried).map(async ([label, guess]) => [label, (await resolvePreviewLink(guess, now))?.linkId ?? null])),
      );
      expect(answers).toEqual({
        genuine: id,
        'another link’s id with this secret': null,
        'this id with a secret one character off': null,
        'the id alone': null,
        malformed: null,
      });
      // One lookup each, by a 64-hex digest: the digest of the secret part, or of the whole text when it has none.
      expect(lookups.mock.calls.map(([args]) => args)).toEqual(
        [secret, secret, tried['this id with a secret one character off'].split('.')[1]!, id, tried.malformed].map((part) => ({
          where: { secretHash: secretTokenDigest(part) },
        })),
      );
    } finally {
      lookups.mockRestore();
    }
  });

  it('show only their own item\u2019s draft: never another draft, never an unpublished item', async () => {
    await draftTitle(SHARED, 'Shared draft title', '## Shared\n\nOnly this draft.');
    await draftTitle(OTHER, 'Another draft that must stay private');
    const shared = await previewSnapshot({ kind: 'one-item', type: 'insight', itemId: SHARED });
    expect(shared.content.insightsById.get(SHARED)?.summary.title).toBe('Shared draft title');
    expect(shared.draftBodies?.get(SHARED)).toBe('## Shared\n\nOnly this draft.');
    expect(shared.content.insightsById.get(OTHER)?.summary.title).toBe('Policy constraints: when the bottleneck is a rule');
    expect(shared.content.insightsById.has(HIDDEN)).toBe(false);
    expect([...(shared.draftBodies?.keys() ?? [])]).toEqual([SHARED]);
    expect(shared.includesDrafts).toBe(false);

    // Signed-in staff see every draft and every unpublished item.
    const staff = await previewSnapshot({ kind: 'all-drafts' });
    expect(staff.content.insightsById.get(OTHER)?.summary.title).toBe('Another draft that must stay private');
    expect(staff.content.insightsById.has(HIDDEN)).toBe(true);
  });
});
