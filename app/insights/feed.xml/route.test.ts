import { describe, expect, it } from 'vitest';
import { db } from '@/lib/db/client';
import { invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { listInsights } from '@/lib/domain/insights/insights';
import { GET } from './route';
import { xmlText } from '../../../lib/seo/atom-feed';

const feedRequest = (headers: Record<string, string> = {}) => new Request('http://localhost/insights/feed.xml', { headers });

/** A strict check of well-formedness: every tag closes in order, every entity is one XML knows. */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>\n')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>/, '');
  const stack: string[] = [];
  for (const [, closing, name, , selfClosing] of body.matchAll(/<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>/g)) {
    if (closing) expect(stack.pop()).toBe(name);
    else if (!selfClosing) stack.push(name!);
  }
  expect(stack).toEqual([]);
  // Outside tags no raw < may remain, and every & starts a known entity.
  expect(body.replace(/<[^>]*>/g, '')).not.toMatch(/</);
  expect(body).not.toMatch(/&(?!(amp|lt|gt|quot|apos);)/);
  expect(body).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
}

const entries = (xml: string) => [...xml.matchAll(/<entry>([\s\S]*?)<\/entry>/g)].map((m) => m[1]!);
const idsOf = (xml: string) => entries(xml).map((entry) => /<link rel="alternate" type="text\/html" href="[^"]*\/insights\/([^"]+)"\/>/.exec(entry)![1]);

describe('GET /insights/feed.xml', () => {
  it('is a well-formed Atom feed of the newest published insights, with absolute links', async () => {
    const response = await GET(feedRequest());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(response.headers.get('etag')).toMatch(/^W\/"[0-9a-f]{12}"$/);
    const xml = await response.text();
    expectWellFormed(xml);
    expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
    expect(xml).toMatch(/<link rel="self" type="application\/atom\+xml" href="https?:\/\/[^"]+\/insights\/feed\.xml"\/>/);

    const { insights } = await listInsights({ limit: 20, offset: 0 });
    expect(idsOf(xml)).toEqual(insights.map((i) => i.id));
    for (const entry of entries(xml)) {
      expect(entry).toMatch(/<id>https?:\/\/[^<]+\/insights\/[^<]+<\/id>/);
      expect(entry).toMatch(/<title>[^<]+<\/title>/);
      expect(entry).toMatch(/<published>\d{4}-\d{2}-\d{2}T00:00:00Z<\/published>/);
      expect(entry).toMatch(/<updated>\d{4}-\d{2}-\d{2}T00:00:00Z<\/updated>/);
      expect(entry).toMatch(/<author><name>[^<]+<\/name><\/author>/);
      expect(entry).toMatch(/<summary type="text">[^<]+<\/summary>/);
    }
  });

  it('leaves drafts out', async () => {
    const drafts = await db.insight.findMany({ where: { status: 'draft' }, select: { id: true } });
    expect(drafts.length).toBeGreaterThan(0);
    const ids = idsOf(await (await GET(feedRequest())).text());
    for (const draft of drafts) expect(ids).not.toContain(draft.id);
  });

  it('escapes whatever a title or summary contains', async () => {
    await db.insight.update({
      where: { id: 'why-local-efficiency-lies' },
      data: { title: 'Less <b>is</b> "more" & \'faster\'\u0001', summary: ']]> <![CDATA[ & &amp; </summary>', publishedAt: new Date('2026-11-20') },
    });
    await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
    invalidateContentSnapshot();
    const xml = await (await GET(feedRequest())).text();
    expectWellFormed(xml);
    expect(xml).toContain('<title>Less &lt;b&gt;is&lt;/b&gt; &quot;more&quot; &amp; &apos;faster&apos;</title>');
    expect(xml).toContain('<summary type="text">]]&gt; &lt;![CDATA[ &amp; &amp;amp; &lt;/summary&gt;</summary>');
    expect(idsOf(xml)[0]).toBe('why-local-efficiency-lies');
    expect(xml).toMatch(/<feed[^>]*>[\s\S]*?<updated>2026-11-20T00:00:00Z<\/updated>/);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await GET(feedRequest());
    const again = await GET(feedRequest({ 'if-none-match': first.headers.get('etag')! }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });
});

describe('xmlText', () => {
  it('escapes the five XML characters and drops forbidden control characters', () => {
    expect(xmlText(`<a href="x">&'\u0000\u0008\t\n`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;\t\n');
  });
});
