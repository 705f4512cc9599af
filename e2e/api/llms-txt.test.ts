import { describe, expect, it } from 'vitest';
import { agentOperations } from '@/lib/contract/agent-operations';
import { eventually } from '@/test-support/eventually';
import { baseUrl, get } from '../../test-support/http/contract';
import { connectMcpClient } from '../../test-support/http/mcp';

const fetchLlmsTxt = (headers: Record<string, string> = {}) => fetch(`${baseUrl()}/llms.txt`, { headers });
const linksOf = (text: string) => [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\): /gm)].map((match) => match[1]!);

describe('GET /llms.txt on the production server', () => {
  it('is the firm in llmstxt.org form, plain text, cached like content with build_stamp as its ETag', async () => {
    // A content change by an earlier test file can land between the two reads (each instance re-checks the content
    // revision every CONTENT_REVALIDATE_MS): read both again until they describe the same edition.
    const { health, response } = await eventually(
      async () => ({ health: (await get<{ build_stamp: string }>('/v1/health')).body, response: await fetchLlmsTxt() }),
      ({ health, response }) => response.headers.get('etag') === `W/"${health.build_stamp}"`,
      'llms.txt and /v1/health on the same edition',
      5_000,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=60, stale-while-revalidate=300');
    expect(response.headers.get('etag')).toBe(`W/"${health.build_stamp}"`);
    const text = await response.text();
    expect(text).toMatch(
      /^# Throughline Partners\n\n> Throughline Partners is a Theory of Constraints and process-improvement consultancy in Pittsburgh, Pennsylvania\./,
    );
    expect(text.match(/^## .+$/gm)).toEqual(['## Services', '## Main pages', '## API and agents', '## Principles', '## Insights', '## Optional']);
    expect(linksOf(text)).toEqual(expect.arrayContaining([`${baseUrl()}/openapi.json`, `${baseUrl()}/docs`, `${baseUrl()}/mcp`]));
  });

  it('answers 304 to its own ETag, and HEAD without a body', async () => {
    const etag = (await fetchLlmsTxt()).headers.get('etag')!;
    const unchanged = await fetchLlmsTxt({ 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    const head = await fetch(`${baseUrl()}/llms.txt`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('links only to things that exist: pages, anchors, documents, and an MCP server that answers', async () => {
    const links = linksOf(await (await fetchLlmsTxt()).text());
    expect(links.length).toBeGreaterThan(40);
    const pages = new Map<string, string>();
    for (const link of links) {
      const url = new URL(link);
      expect(url.origin).toBe(baseUrl());
      if (url.pathname === '/mcp') continue;
      if (!pages.has(url.pathname)) {
        const response = await fetch(url.origin + url.pathname, { headers: { accept: 'text/html,application/json;q=0.9' } });
        expect(response.status, link).toBe(200);
        pages.set(url.pathname, await response.text());
      }
      if (!url.hash) continue;
      if (url.pathname.endsWith('.json')) {
        // In a JSON document the fragment is a JSON pointer (RFC 6901): it must lead to something.
        const target = url.hash
          .slice(2)
          .split('/')
          .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], JSON.parse(pages.get(url.pathname)!));
        expect(target, link).toBeTypeOf('object');
      } else expect(pages.get(url.pathname), link).toContain(`id="${url.hash.slice(1)}"`);
    }
    const client = await connectMcpClient();
    expect((await client.listTools()).tools).toHaveLength(agentOperations().length);
    await client.close();
  });
});
