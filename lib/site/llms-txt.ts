import { firstSentence, priceSummary, purchaseMode } from '@/lib/site/offer-text';
import { agentOperations } from '@/lib/contract/agent-operations';
import type { PublishedContent } from '@/lib/domain/content/published-content';
import { toolNameOf } from '@/lib/mcp/tool-name';
import { WEBHOOK_EVENT_TYPES } from '@/lib/contract/webhook-events';
import { WEBHOOK_VERIFY_EXAMPLE } from './webhook-verify-example';

/** The site's own pages, with what an agent finds on each. */
const MAIN_PAGES = [
  { title: 'Home', path: '/', note: 'What the firm does, its three kinds of service, and featured articles.' },
  { title: 'Services', path: '/services', note: 'The catalogue by category, with prices and how each service is bought.' },
  { title: 'Insights', path: '/insights', note: 'Articles by the consultants, with topic filters and full-text search (`?q=`).' },
  { title: 'Principles and tools', path: '/principles', note: 'The Theory of Constraints methods the firm works with, and when to use each.' },
  { title: 'About', path: '/about', note: 'Leadership, competencies, credentials and track record.' },
  { title: 'Contact', path: '/contact', note: 'Send an inquiry; the firm answers within one business day.' },
  { title: 'Book a consultation', path: '/book', note: "Pick from the consultants' free times." },
];

/** Featured articles first, then the newest: enough to show the firm's thinking without listing an archive. */
const INSIGHTS_LISTED = 12;

const link = (title: string, url: string, note: string) => `- [${title.replace(/[[\]]/g, '')}](${url}): ${note}`;
const section = (heading: string, lines: string[]) => (lines.length > 0 ? [`## ${heading}`, '', ...lines, ''] : []);

const listOf = (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items);
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function summaryOf(content: PublishedContent): string[] {
  const company = content.company;
  const name = company?.name ?? 'Throughline Partners';
  const where = company ? ` in ${company.headquarters.city}, ${company.headquarters.state}` : '';
  const categories = listOf(content.categories.map((category) => category.name.toLowerCase()));
  return [
    `# ${name}`,
    '',
    `> ${name} is a Theory of Constraints and process-improvement consultancy${where}. ` +
      `It offers ${content.services.length} services in ${content.categories.length} categories: ${categories}.`,
    '',
    ...(company?.description ? [company.description, ''] : []),
    'Everything here is also a public JSON API without authentication (`/v1`), described by the OpenAPI document and served ' +
      'to AI agents as MCP tools. Prices, offers and free times change: read them live from the API rather than from this ' +
      'file. Self-serve services are bought through a payment link that a person opens; an agent never pays.',
    '',
    `The firm's own systems can receive signed webhooks (Standard Webhooks: the headers \`webhook-id\`, \`webhook-timestamp\`, ` +
      `\`webhook-signature\`, a \`whsec_\` secret) for ${listOf(WEBHOOK_EVENT_TYPES.map((type) => `\`${type}\``))}, described in the ` +
      "OpenAPI document's `webhooks` section. Verify each delivery on its raw body before trusting it, for example with the " +
      '`standardwebhooks` npm package:',
    '',
    '```js',
    WEBHOOK_VERIFY_EXAMPLE,
    '```',
    '',
  ];
}

function servicesOf(content: PublishedContent, siteUrl: string): string[] {
  return content.services.map((service) =>
    link(
      service.name,
      `${siteUrl}/services/${service.id}`,
      `${firstSentence(service.description)} ${capitalized(priceSummary(service.pricing))}; ${purchaseMode(service.ctaType).toLowerCase()}.`,
    ),
  );
}

function insightsOf(content: PublishedContent, siteUrl: string): string[] {
  const featuredFirst = [...content.insights.filter((i) => i.summary.featured), ...content.insights.filter((i) => !i.summary.featured)];
  return featuredFirst.slice(0, INSIGHTS_LISTED).map(({ summary }) => link(summary.title, `${siteUrl}/insights/${summary.id}`, summary.summary));
}

function machineInterfacesOf(siteUrl: string): string[] {
  const tools = agentOperations().map((operation) => toolNameOf(operation.operationId));
  return [
    link('OpenAPI document', `${siteUrl}/openapi.json`, 'The `/v1` JSON API as OpenAPI 3.1: every operation, schema and error.'),
    link('API reference', `${siteUrl}/docs`, 'The same document as a browsable reference.'),
    link(
      'MCP server',
      `${siteUrl}/mcp`,
      `Model Context Protocol over Streamable HTTP (POST, no sessions), with ${tools.length} tools that answer exactly as the API does: ${tools.join(', ')}.`,
    ),
    link(
      'Webhooks',
      // The OpenAPI document itself: the reference's #/Webhooks is drawn in the browser, so no crawler finds it.
      `${siteUrl}/openapi.json#/webhooks`,
      'The signed events endpoints registered by the firm receive: each type, its payload and the signature headers (the `webhooks` section of the OpenAPI document).',
    ),
  ];
}

/**
 * /llms.txt in the llmstxt.org format: an H1 with the firm's name, a blockquote summary, a few paragraphs, then H2
 * sections of links with notes. Built from the published content snapshot and the operation table on every request,
 * so it says what the site and the API say today.
 */
export function buildLlmsTxt(content: PublishedContent, siteUrl: string): string {
  return [
    ...summaryOf(content),
    ...section('Services', servicesOf(content, siteUrl)),
    ...section(
      'Main pages',
      MAIN_PAGES.map((page) => link(page.title, `${siteUrl}${page.path}`, page.note)),
    ),
    ...section('API and agents', machineInterfacesOf(siteUrl)),
    ...section(
      'Principles',
      content.principles.principles.map((principle) => link(principle.name, `${siteUrl}/principles#${principle.id}`, firstSentence(principle.description))),
    ),
    ...section('Insights', insightsOf(content, siteUrl)),
    ...section('Optional', [
      ...content.principles.tools.map((tool) => link(tool.name, `${siteUrl}/principles#${tool.id}`, firstSentence(tool.description))),
      link('Insights feed', `${siteUrl}/insights/feed.xml`, 'Every published article, newest first (Atom).'),
      link('Sitemap', `${siteUrl}/sitemap.xml`, 'Every public page.'),
    ]),
  ].join('\n');
}
