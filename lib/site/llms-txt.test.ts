import { marked } from 'marked';
import type { Token, Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/llms.txt/route';
import { agentOperations } from '@/lib/contract/agent-operations';
import { db } from '@/lib/db/client';
import { contentSnapshot, invalidateContentSnapshot } from '@/lib/domain/content/snapshot';
import { buildLlmsTxt } from './llms-txt';
import { WEBHOOK_VERIFY_EXAMPLE } from './webhook-verify-example';

const SITE = 'https://throughline.example';
const get = (headers: Record<string, string> = {}) => GET(new Request('http://127.0.0.1/llms.txt', { headers }), { params: Promise.resolve({}) });

async function changeContent(write: () => Promise<unknown>) {
  await write();
  await db.contentRevision.update({ where: { id: 1 }, data: { revision: { increment: 1 } } });
  invalidateContentSnapshot();
}

/** The H2 sections of an llms.txt, each with its list items' raw text. */
function sectionsOf(tokens: Token[]): [string, string[]][] {
  const sections: [string, string[]][] = [];
  for (const token of tokens) {
    if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) sections.push([(token as Tokens.Heading).text, []]);
    else if (token.type === 'list') sections.at(-1)?.[1].push(...(token as Tokens.List).items.map((item) => item.raw.trim()));
  }
  return sections;
}

describe('/llms.txt', () => {
  it('follows llmstxt.org: the H1, a blockquote, paragraphs, then H2 sections that are only lists of `[name](url): note`', async () => {
    const { content } = await contentSnapshot();
    const tokens = marked.lexer(buildLlmsTxt(content, SITE)).filter((token) => token.type !== 'space');
    expect(tokens[0]).toMatchObject({ type: 'heading', depth: 1, text: 'Throughline Partners' });
    expect(tokens[1]).toMatchObject({
      type: 'blockquote',
      text:
        'Throughline Partners is a Theory of Constraints and process-improvement consultancy in Pittsburgh, Pennsylvania. It offers ' +
        '10 services in 3 categories: constraint analysis, offer analysis, and implementation support.',
    });
    const firstSection = tokens.findIndex((token) => token.type === 'heading' && (token as Tokens.Heading).depth === 2);
    expect(tokens.slice(2, firstSection).map((token) => token.type)).toEqual(['paragraph', 'paragraph', 'paragraph', 'code']);
    expect(tokens.slice(firstSection).map((token) => token.type)).toEqual(Array(6).fill(['heading', 'list']).flat());
    const sections = sectionsOf(tokens);
    expect(sections.map(([heading]) => heading)).toEqual(['Services', 'Main pages', 'API and agents', 'Principles', 'Insights', 'Optional']);
    for (const [heading, items] of sections) {
      for (const item of items) expect(item, heading).toMatch(/^- \[[^\]]+\]\(https:\/\/throughline\.example\/[^)\s]*\): \S.*$/);
    }
  });

  it('lists every published service in catalogue order, with its price and how it is bought', async () => {
    const { content } = await contentSnapshot();
    const [, services] = sectionsOf(marked.lexer(buildLlmsTxt(content, SITE)))[0]!;
    expect(services.map((item) => /\((.+?)\)/.exec(item)?.[1])).toEqual(content.services.map((service) => `${SITE}/services/${service.id}`));
    expect(services[0]).toBe(
      "- [Constraint Snapshot](https://throughline.example/services/constraint-snapshot): A remote, fixed-price first look at what limits your operation's output. $1,450 fixed price; buy online.",
    );
    expect(services.find((item) => item.includes('/services/dbr-implementation'))).toMatch(/From \$45,000, quoted after a call; book a call\.$/);
  });

  it('links the OpenAPI document, the API reference, the MCP server and the webhooks, naming the tools', async () => {
    const { content } = await contentSnapshot();
    const [, links] = sectionsOf(marked.lexer(buildLlmsTxt(content, SITE))).find(([heading]) => heading === 'API and agents')!;
    expect(links.map((item) => /\((.+?)\)/.exec(item)?.[1])).toEqual([`${SITE}/openapi.json`, `${SITE}/docs`, `${SITE}/mcp`, `${SITE}/openapi.json#/webhooks`]);
    expect(links[2]).toContain(`with ${agentOperations().length} tools that answer exactly as the API does: get_health, get_capabilities, list_services,`);
  });

  it('says how to verify a webhook delivery, with the ten-line example', async () => {
    const { content } = await contentSnapshot();
    const text = buildLlmsTxt(content, SITE);
    expect(text).toContain(`\`\`\`js\n${WEBHOOK_VERIFY_EXAMPLE}\n\`\`\``);
    expect(WEBHOOK_VERIFY_EXAMPLE.split('\n')).toHaveLength(10);
    expect(text).toContain('`inquiry.created`, `booking.confirmed`');
    expect(text).toContain('and `content.published`, described in the OpenAPI document');
  });

  it('links every principle and tool to its anchor, and at most 12 insights, featured first', async () => {
    const { content } = await contentSnapshot();
    const sections = new Map(sectionsOf(marked.lexer(buildLlmsTxt(content, SITE))));
    expect(sections.get('Principles')).toHaveLength(content.principles.principles.length);
    expect(sections.get('Optional')).toHaveLength(content.principles.tools.length + 2);
    const insights = sections.get('Insights')!;
    const featured = content.insights.filter((insight) => insight.summary.featured).length;
    expect(insights).toHaveLength(Math.min(12, content.insights.length));
    expect(insights.slice(0, featured).every((item) => content.insights.some((i) => i.summary.featured && item.includes(`/insights/${i.summary.id})`)))).toBe(
      true,
    );
  });

  it('is plain text cached like content, with build_stamp as its ETag and 304 while it is current', async () => {
    const { buildStamp } = await contentSnapshot();
    const response = await get();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual({
      'cache-control': 'public, max-age=30, s-maxage=60, stale-while-revalidate=300',
      'content-type': 'text/plain; charset=utf-8',
      etag: `W/"${buildStamp}"`,
    });
    const unchanged = await get({ 'if-none-match': `W/"${buildStamp}"` });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
  });

  it('changes when the content changes, and never shows a draft', async () => {
    const before = await get();
    const etag = before.headers.get('etag')!;
    await changeContent(async () => {
      await db.service.update({ where: { id: 'constraint-snapshot' }, data: { name: 'Constraint Snapshot Plus' } });
      await db.service.update({ where: { id: 'buffer-board-starter-kit' }, data: { status: 'draft' } });
    });
    const after = await get({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    const text = await after.text();
    expect(text).toContain('- [Constraint Snapshot Plus](');
    expect(text).not.toContain('buffer-board-starter-kit');
    expect(text).toContain('It offers 9 services in 3 categories');
  });
});
