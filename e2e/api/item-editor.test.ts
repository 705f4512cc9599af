import { DateTime } from 'luxon';
import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl, get } from '../../test-support/http/contract';
import { noScriptSubmission } from '../../test-support/http/no-script-form';
import { serverDatabase } from '../../test-support/http/server-database';
import { callServerAction } from '../../test-support/http/server-actions.mjs';
import { staffCookie } from '../../test-support/http/staff';

/**
 * The item editor's one form (app/staff/content/editor): Publish, Schedule and Create preview link take the fields on
 * screen, saved as the draft in the same step. Posted as a browser without JavaScript posts it (the form the page drew,
 * one field changed, the button pressed) and as the page's script calls the action.
 */
const database = serverDatabase();
afterAll(() => database.close());

const ACTIONS = 'app/staff/content/actions.ts';
const FORM = 'item-editor';
const editorOf = (id: string) => `/staff/content/insights/${id}`;

async function pageHtml(path: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl()}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  return response.text();
}

/** Posts a form to its page, as the browser does with the form's empty action. */
const post = (path: string, cookie: string, body: FormData) =>
  fetch(`${baseUrl()}${path}`, { method: 'POST', redirect: 'manual', headers: { origin: baseUrl(), cookie }, body });

const insightTitle = async (id: string) => (await get<{ title: string }>(`/v1/insights/${id}`)).body.title;

async function stored(id: string) {
  return {
    draft: await database.get<{ data: string; revision: number; updatedByName: string }>(
      `SELECT "data", "revision", "updatedByName" FROM "ContentDraft" WHERE "type" = 'insight' AND "itemId" = ?`,
      id,
    ),
    versions: (await database.all<{ number: number }>(`SELECT "number" FROM "ContentVersion" WHERE "type" = 'insight' AND "itemId" = ?`, id)).length,
    audit: (await database.all<{ action: string }>(`SELECT "action" FROM "AuditLog" WHERE "entityId" = ? ORDER BY "id"`, id)).map((row) => row.action),
  };
}

/** The visible text of the page's <h1>. */
const headingOf = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');

describe('Publish, without JavaScript', () => {
  it('makes the fields on screen live in one step: a changed title, never saved first, is on /v1 and the page', async () => {
    const id = 'replenishment-in-distribution';
    const cookie = await staffCookie('marketing');
    const before = await get<Record<string, unknown>>(`/v1/insights/${id}`);
    const html = await pageHtml(editorOf(id), cookie);
    expect(html).toContain('There is no draft: the editor shows what is live.');
    const title = 'Replenishment in distribution: pull from actual consumption';
    const form = noScriptSubmission(html, FORM, { name: 'intent', value: 'publish' }, { title, note: 'Published without JavaScript' });

    const response = await post(editorOf(id), cookie, form);

    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${editorOf(id)}?done=published`);
    const after = await get<Record<string, unknown>>(`/v1/insights/${id}`);
    expect(after.body.title).toBe(title);
    expect({ ...after.body, title: before.body.title }).toEqual(before.body);
    expect(headingOf(await (await fetch(`${baseUrl()}/insights/${id}`)).text())).toBe(title);
    expect(await stored(id)).toEqual({ draft: undefined, versions: 2, audit: ['insight.save_draft', 'insight.publish'] });
    const version = await database.get<{ data: string; note: string; publishedByName: string }>(
      `SELECT "data", "note", "publishedByName" FROM "ContentVersion" WHERE "type" = 'insight' AND "itemId" = ? AND "number" = 2`,
      id,
    );
    expect({ ...version, data: (JSON.parse(String(version!.data)) as { title: string }).title }).toEqual({
      data: title,
      note: 'Published without JavaScript',
      publishedByName: 'Test marketing',
    });
    expect(await pageHtml(`${editorOf(id)}?done=published`, cookie)).toContain('Published: visitors see this now.');
  });

  it('refuses invalid fields next to them, keeps what was typed and publishes nothing', async () => {
    const id = 'toc-lean-and-six-sigma';
    const cookie = await staffCookie('marketing');
    const live = await insightTitle(id);
    const before = await stored(id);
    const html = await pageHtml(editorOf(id), cookie);
    const summary = 'A summary typed before the title was emptied by mistake, kept on screen.';
    const response = await post(editorOf(id), cookie, noScriptSubmission(html, FORM, { name: 'intent', value: 'publish' }, { title: '', summary }));

    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toMatch(/<p id="title-error"[^>]*>Please fill in this field\.<\/p>/);
    expect(page).toContain('Nothing was published: correct the fields marked in the editor.');
    expect(page).toContain(`>${summary}</textarea>`);
    expect(await insightTitle(id)).toBe(live);
    expect(await stored(id)).toEqual(before);
  });

  it('refuses a stale editor with the conflict message, keeps its edit on screen, and leaves the colleague\u2019s draft as it was', async () => {
    const id = 'toc-lean-and-six-sigma';
    const mine = await staffCookie('marketing');
    const colleague = await staffCookie('admin');
    const live = await insightTitle(id);
    const myPage = await pageHtml(editorOf(id), mine);
    const theirs = noScriptSubmission(
      await pageHtml(editorOf(id), colleague),
      FORM,
      { name: 'intent', value: 'save' },
      { title: 'The colleague\u2019s draft' },
    );
    expect((await post(editorOf(id), colleague, theirs)).headers.get('location')).toBe(`${editorOf(id)}?done=saved`);
    const before = await stored(id);

    const title = 'My edit, made on a page opened before the colleague saved';
    const response = await post(editorOf(id), mine, noScriptSubmission(myPage, FORM, { name: 'intent', value: 'publish' }, { title }));

    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain('The draft changed since it was reviewed; look at it again before publishing.');
    expect(page).toContain(`value="${title}"`);
    expect(await insightTitle(id)).toBe(live);
    expect(await stored(id)).toEqual(before);
    expect(before.draft).toMatchObject({ revision: 1, updatedByName: 'Test admin' });
    expect((JSON.parse(String(before.draft!.data)) as { title: string }).title).toBe('The colleague\u2019s draft');
  });
});

describe('Schedule and Create preview link, from the page\u2019s script', () => {
  const id = 'finding-the-constraint-on-the-shop-floor';
  /** The editor's form as the page drew it, one title changed, sent to its action as useActionState sends it. */
  async function press(cookie: string, intent: string, changes: Record<string, string>) {
    const form = noScriptSubmission(await pageHtml(editorOf(id), cookie), FORM, { name: 'intent', value: intent }, changes);
    return callServerAction(baseUrl(), {
      page: editorOf(id),
      filename: ACTIONS,
      exportedName: 'editItemAction',
      args: ['insight', id, { status: 'idle', values: {}, errors: {} }, form],
      cookie,
    });
  }

  it('schedule what is on screen: saved as the draft with the time, nothing live yet', async () => {
    const cookie = await staffCookie('marketing');
    const live = await insightTitle(id);
    // A week ahead of the server's own clock, in the firm's zone.
    const publishAt = DateTime.now().setZone('America/New_York').plus({ days: 7 }).startOf('minute');
    const title = 'Finding the constraint on the shop floor, scheduled';
    const response = await press(cookie, 'schedule', { title, publishAt: publishAt.toFormat("yyyy-MM-dd'T'HH:mm") });

    expect(response.headers.get('x-action-redirect')).toBe(`${editorOf(id)}?done=scheduled;push`);
    const draft = await database.get<{ data: string; revision: number; publishAt: unknown }>(
      `SELECT "data", "revision", "publishAt" FROM "ContentDraft" WHERE "type" = 'insight' AND "itemId" = ?`,
      id,
    );
    expect((JSON.parse(String(draft!.data)) as { title: string }).title).toBe(title);
    expect(new Date(draft!.publishAt as string | number).toISOString()).toBe(publishAt.toUTC().toISO());
    expect(await insightTitle(id)).toBe(live);
  });

  it('create a preview link to what is on screen, saved as the draft in the same step', async () => {
    const cookie = await staffCookie('marketing');
    const title = 'Finding the constraint on the shop floor, for the reviewer';
    const response = await press(cookie, 'preview-link', { title, days: '1' });

    expect(response.status).toBe(200);
    const token = /\/preview\/([A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43})/.exec(await response.text())?.[1];
    expect(token).toBeDefined();
    // The reviewer's browser: the link sets the preview cookies and sends it to the page.
    const opened = await fetch(`${baseUrl()}/preview/${token}`, { redirect: 'manual' });
    expect([opened.status, opened.headers.get('location')]).toEqual([303, `/insights/${id}`]);
    const reviewerCookie = opened.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    expect(headingOf(await (await fetch(`${baseUrl()}/insights/${id}`, { headers: { cookie: reviewerCookie } })).text())).toBe(title);
    expect(await insightTitle(id)).not.toBe(title);
    const draft = await database.get<{ data: string; revision: number }>(
      `SELECT "data", "revision" FROM "ContentDraft" WHERE "type" = 'insight' AND "itemId" = ?`,
      id,
    );
    expect([(JSON.parse(String(draft!.data)) as { title: string }).title, draft!.revision]).toEqual([title, 2]);
    const discarded = await callServerAction(baseUrl(), {
      page: editorOf(id),
      filename: ACTIONS,
      exportedName: 'discardDraftAction',
      args: ['insight', id],
      cookie,
    });
    expect(discarded.headers.get('x-action-redirect')).toBe(`${editorOf(id)}?done=discarded;push`);
  });
});
