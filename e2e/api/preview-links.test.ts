import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl } from '../../test-support/http/contract';
import { serverDatabase } from '../../test-support/http/server-database';

/**
 * Reviewers' preview links against the production server: drafts and links are arranged in its database (the staff
 * pages that create them are covered by Playwright), then opened the way a browser without an account opens them.
 */
const SHARED = 'buffer-management-red-zones';
const OTHER = 'current-reality-tree-walkthrough';
const HIDDEN = 'ai-scheduling-and-the-drum';
const DAY = 24 * 60 * 60_000;

const database = serverDatabase();
afterAll(() => database.close());

async function insightItem(id: string, title: string) {
  const row = (await database.get<Record<string, string>>(`SELECT * FROM "Insight" WHERE "id" = ?`, id))!;
  return {
    id,
    title,
    summary: row.summary,
    author: row.author,
    featured: false,
    topics: JSON.parse(row.topics!),
    keywords: JSON.parse(row.keywords!),
    related: JSON.parse(row.relatedIds!),
    content: `## Draft body of ${id}\n\n${row.content}`,
  };
}

const now = new Date();
for (const [id, title] of [
  [SHARED, 'Red zones, the reviewer\u2019s draft'],
  [OTHER, 'A second draft nobody shared'],
] as const) {
  const data = JSON.stringify(await insightItem(id, title));
  await database.run(`DELETE FROM "ContentDraft" WHERE "type" = 'insight' AND "itemId" = ?`, id);
  await database.run(
    `INSERT INTO "ContentDraft" ("type", "itemId", "data", "revision", "updatedById", "updatedByName", "createdAt", "updatedAt") VALUES ('insight', ?, ?, 1, 'stf_x', 'Test', ?, ?)`,
    id,
    data,
    now,
    now,
  );
}

/** A link as createPreviewLink stores it: the id, and the sha256 of the secret. */
async function link({ expiresInMs = 7 * DAY, revoked = false, itemId = SHARED } = {}): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const secret = randomBytes(32).toString('base64url');
  await database.run(
    `INSERT INTO "PreviewLink" ("id", "secretHash", "type", "itemId", "createdById", "createdByName", "createdAt", "expiresAt", "revokedAt") VALUES (?, ?, 'insight', ?, 'stf_x', 'Rita Reviewer', ?, ?, ?)`,
    id,
    createHash('sha256').update(secret).digest('hex'),
    itemId,
    now,
    new Date(Date.now() + expiresInMs),
    revoked ? now : null,
  );
  return `${id}.${secret}`;
}

const open = (path: string, cookie?: string) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

describe('a reviewer\u2019s preview link', () => {
  it('opens the draft on its real page, under a banner, marked noindex', async () => {
    const opened = await open(`/preview/${await link()}`);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/insights/${SHARED}`);
    expect(opened.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const cookie = cookiesOf(opened);
    expect(cookie).toMatch(/__prerender_bypass=/);
    expect(cookie).toMatch(/tp_preview_link=/);

    const page = await open(`/insights/${SHARED}`, cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    const html = await page.text();
    expect(html).toContain('Red zones, the reviewer\u2019s draft');
    expect(html).toContain(`Draft body of ${SHARED}`);
    expect(html).toContain('Draft preview');
    expect(html).toContain('shared by <!-- -->Rita Reviewer');
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\/>/);
  });

  it('never shows another draft or an unpublished item, and leaves the API and visitors alone', async () => {
    const cookie = cookiesOf(await open(`/preview/${await link()}`));
    const other = await (await open(`/insights/${OTHER}`, cookie)).text();
    expect(other).not.toContain('A second draft nobody shared');
    expect(other).toContain('Building a Current Reality Tree');
    expect((await open(`/insights/${HIDDEN}`, cookie)).status).toBe(404);
    const api = await (await fetch(`${baseUrl()}/v1/insights/${SHARED}`, { headers: { cookie } })).json();
    expect(api.title).toBe('Buffer management: what your red zones are telling you');
    const visitor = await (await open(`/insights/${SHARED}`)).text();
    expect(visitor).not.toContain('the reviewer\u2019s draft');
    expect(visitor).not.toContain('Draft preview');
  });

  it('answers expired, revoked, unknown, forged and malformed links alike', async () => {
    const genuine = await link();
    const [id, secret] = genuine.split('.') as [string, string];
    const refused = [
      await link({ expiresInMs: -1 }),
      await link({ revoked: true }),
      `${randomBytes(16).toString('base64url')}.${secret}`,
      `${id}.${randomBytes(32).toString('base64url')}`,
      'not-a-token',
    ];
    const answers = await Promise.all(
      refused.map(async (token) => {
        const response = await open(`/preview/${token}`);
        return {
          status: response.status,
          robots: response.headers.get('x-robots-tag'),
          cookies: response.headers.getSetCookie().length,
          body: await response.text(),
        };
      }),
    );
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.robots).toBe('noindex, nofollow');
    expect(answers[0]!.cookies).toBe(0);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('stops working the moment it is revoked, even in a browser that already opened it', async () => {
    const token = await link();
    const cookie = cookiesOf(await open(`/preview/${token}`));
    expect(await (await open(`/insights/${SHARED}`, cookie)).text()).toContain('the reviewer\u2019s draft');
    await database.run(`UPDATE "PreviewLink" SET "revokedAt" = ? WHERE "id" = ?`, new Date(), token.split('.')[0]!);
    const html = await (await open(`/insights/${SHARED}`, cookie)).text();
    expect(html).not.toContain('the reviewer\u2019s draft');
    expect(html).not.toContain('Draft preview');
  });

  it('gives nothing to draft mode alone: without a link or a staff session, no draft shows', async () => {
    const cookie = cookiesOf(await open(`/preview/${await link()}`))
      .split('; ')
      .filter((c) => c.startsWith('__prerender_bypass='))
      .join('; ');
    const html = await (await open(`/insights/${SHARED}`, cookie)).text();
    expect(html).not.toContain('the reviewer\u2019s draft');
    expect((await open(`/insights/${HIDDEN}`, cookie)).status).toBe(404);
  });
});
