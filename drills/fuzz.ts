import fc from 'fast-check';
import type { Operation } from '@/lib/contract/operation';
import { operations } from '@/lib/contract/operations';
import { MAX_URL_BYTES } from '@/lib/http/request-limits.mjs';
import { originRuleFor } from '@/lib/http/request-origin.mjs';
import { requestsFor, strayRequests } from '@/test-support/fuzz/operation-requests';
import { mediaRequests } from '@/test-support/fuzz/media-requests';
import type { FuzzRequest } from '@/test-support/fuzz/operation-requests';
import { startTestServer } from '../test-support/test-server.mjs';
import { contractChecker } from '../test-support/http/openapi-contract';
import type { ContractCheck, OpenApiDocument } from '../test-support/http/openapi-contract';
import type { DrillForm, DrillResult, Log } from '../test-support/drills/drill-result';
import { firstProblems } from '../test-support/drills/drill-result';
import { selfServeDigest } from '../test-support/drills/writes';
import { FUZZ_WEBHOOK_HOST, fuzzStaffWebhookForms } from './fuzz-staff-webhooks';

const REQUESTS: Record<DrillForm, number> = { short: 2_000, long: 50_000 };
/** Submissions of the /staff/webhooks forms, besides the contract's requests. */
const STAFF_FORM_CALLS: Record<DrillForm, number> = { short: 300, long: 3_000 };
const CONCURRENCY = 6;
/** Samples drawn at a time, so 50,000 requests with 70 KB strings among them never sit in memory together. */
const CHUNK = 100;
/** Answers the web server gives before the app for requests past its limits, in the envelope with these codes. */
const LIMIT_CODES: Record<number, string> = { 413: 'PAYLOAD_TOO_LARGE', 414: 'URI_TOO_LONG', 431: 'REQUEST_HEADERS_TOO_LARGE' };
const MAX_BODY_BYTES = 64 * 1024;

/** Real ids for path parameters, so the fuzz reaches records and not only 404s. */
async function knownIds(baseUrl: string): Promise<Record<string, string[]>> {
  const json = async <T>(path: string, init?: RequestInit) => (await (await fetch(`${baseUrl}${path}`, init)).json()) as T;
  const services = await json<{ services: { id: string }[] }>('/v1/services?limit=100');
  const insights = await json<{ insights: { id: string }[] }>('/v1/insights?limit=100');
  const post = (path: string, body: unknown) =>
    json<Record<string, string>>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const checkout = await post('/v1/services/constraint-snapshot/checkout', { purchaseDigest: await selfServeDigest(baseUrl), buyerInputs: {} });
  const booking = await post('/v1/availability/book', {
    name: 'Fuzz',
    email: 'fuzz@drill.example',
    context: 'Fuzzed',
    preferredTimes: [new Date(Date.now() + 5 * 86_400_000).toISOString()],
  });
  return {
    serviceId: services.services.map((service) => service.id),
    insightId: insights.insights.map((insight) => insight.id),
    token: [checkout.token!, booking.manageApiUrl!.split('/').at(-1)!],
  };
}

/** The seed's image files and some pages' social cards, so the media fuzz reaches real files. */
async function knownMediaPaths(baseUrl: string): Promise<{ files: string[]; cards: string[] }> {
  const { image, content } = (await (await fetch(`${baseUrl}/v1/insights/buffer-management-red-zones`)).json()) as { image: { url: string }; content: string };
  const body = (await (await fetch(`${baseUrl}/v1/insights/drum-buffer-rope-for-job-shops`)).json()) as { content: string };
  const files = [image.url, ...[...`${content}${body.content}`.matchAll(/\((https?:[^)]+\/media\/[^)]+)\)/g)].map((match) => match[1]!)].map(
    (url) => new URL(url).pathname,
  );
  const cards: string[] = [];
  for (const page of ['/', '/about', '/insights/buffer-management-red-zones', '/contact']) {
    const html = await (await fetch(`${baseUrl}${page}`, { headers: { accept: 'text/html' } })).text();
    const card = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    if (card) cards.push(new URL(card.replaceAll('&amp;', '&')).pathname);
  }
  return { files, cards };
}

/**
 * The redirect Next gives a path with a trailing slash or repeated slashes, to the same path without them (FastAPI
 * redirects so too): a right answer, with no body to check.
 */
const isSlashRedirect = (status: number, pathname: string, location: string | null) =>
  status === 308 &&
  (pathname.endsWith('/') || pathname.includes('//')) &&
  location?.split('?')[0] === pathname.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');

/**
 * The media library's routes answer images or JSON, never a 5xx or a page: a file with its stored image type and a
 * year of caching, a 304 without a body, a 404 in the error envelope; an upload without a session 401, from another
 * site 403 CROSS_ORIGIN_REFUSED, another method 405. A card is a PNG.
 */
function mediaProblem(request: FuzzRequest, answer: { status: number; contentType: string; location: string | null; text: string }): string | null {
  const { pathname } = new URL(request.path, 'http://fuzz');
  const { status, contentType, text } = answer;
  if (status >= 500) return `${status}: ${text.slice(0, 300)}`;
  if (isSlashRedirect(status, pathname, answer.location)) return null;
  if (/\/opengraph-image(-\w+)?$/.test(pathname)) return status === 200 && contentType === 'image/png' ? null : `a card answered ${status} ${contentType}`;
  if (status === 304 || request.method === 'HEAD') return text === '' ? null : `${status} with a body`;
  if (status === 405) return null;
  // A form posted without JavaScript and without a session is sent to sign in.
  if (status === 303) return answer.location?.startsWith('/staff/sign-in?next=') ? null : `303 to ${answer.location}`;
  if (status === 200 && pathname.startsWith('/media/')) return /^image\/(avif|webp|jpeg)$/.test(contentType) ? null : `a file answered ${contentType}`;
  if (!contentType.includes('application/json')) return `${status} answered ${contentType || 'no content type'}, not JSON`;
  const code = (JSON.parse(text) as { code?: string }).code;
  const expected: Record<number, string> = { 401: 'NOT_SIGNED_IN', 403: 'CROSS_ORIGIN_REFUSED', 404: 'NOT_FOUND' };
  return expected[status] === code ? null : `${status} ${code ?? ''} for ${request.method} ${pathname}`;
}

const isMediaRoute = (path: string) => {
  const { pathname } = new URL(path, 'http://fuzz');
  return pathname.startsWith('/media/') || pathname === '/staff/media/upload' || /\/opengraph-image(-\w+)?$/.test(pathname);
};

/** Paths that answer JSON; a request whose dot segments lead elsewhere reaches the site's pages, which answer HTML. */
const isApiPath = (pathname: string) =>
  pathname === '/' || pathname === '/health' || pathname === '/openapi.json' || pathname === '/mcp' || pathname.startsWith('/v1/') || pathname === '/v1';

/**
 * What is wrong with an answer, or null: no 5xx; under the API, JSON in the documented shape, HEAD and 304 without a
 * body. Also right: the slash redirect (isSlashRedirect), and 403 CROSS_ORIGIN_REFUSED for a write without Origin that dot segments took out of the API to a page or `/`.
 */
function problemOf(
  request: FuzzRequest,
  answer: { status: number; contentType: string; location: string | null; text: string },
  check: ContractCheck,
): string | null {
  const { status, contentType, text } = answer;
  const { pathname } = new URL(request.path, 'http://fuzz');
  if (status >= 500) return `${status}: ${text.slice(0, 300)}`;
  if (isSlashRedirect(status, pathname, answer.location)) return null;
  // `/` and every page take state-changing requests only with this site's Origin (lib/http/request-origin.mjs).
  if (status === 403 && originRuleFor(pathname) === 'browser' && text.includes('"CROSS_ORIGIN_REFUSED"')) return null;
  if (!isApiPath(pathname)) return status < 400 || status === 404 || status === 405 ? null : `${status} from a page: ${text.slice(0, 200)}`;
  if (request.method === 'HEAD' || status === 304 || status === 204) return text === '' ? null : `${status} with a body`;
  // GET / is content-negotiated: a client asking for HTML gets the home page.
  if (pathname === '/' && request.headers.accept === 'text/html' && contentType.startsWith('text/html')) return null;
  if (!contentType.includes('application/json')) return `${status} answered ${contentType || 'no content type'}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${status} answered JSON that does not parse: ${text.slice(0, 200)}`;
  }
  if (LIMIT_CODES[status])
    return (body as { code?: unknown }).code === LIMIT_CODES[status] ? null : `${status} without code ${LIMIT_CODES[status]}: ${text.slice(0, 200)}`;
  return check(request.method, pathname, { status, body, text });
}

/** Too large for the server to read to the end: it may answer and close before the client has sent everything. */
const oversized = (request: FuzzRequest) =>
  Buffer.byteLength(request.path) > MAX_URL_BYTES ||
  Buffer.byteLength(request.body ?? '') > MAX_BODY_BYTES ||
  Object.values(request.headers).some((value) => value.length > 8_000);

const summary = (request: FuzzRequest) =>
  `${request.method} ${request.path.slice(0, 160)}${request.path.length > 160 ? '…' : ''}${request.body !== undefined ? ` body ${JSON.stringify(request.body.slice(0, 120))}${request.body.length > 120 ? '…' : ''}` : ''}`;

/**
 * Fuzz: requests generated from the zod contract for every operation (test-support/fuzz), plus unknown paths and
 * methods, against the production server. Every answer must be below 500 and, when JSON, in the shape the served
 * OpenAPI document gives for its status (test-support/http/openapi-contract.ts). FUZZ_REQUESTS and FUZZ_SEED override the
 * count (2,000 short, 50,000 long) and the seed; the seed is printed so a failure can be replayed.
 */
export async function fuzzDrill({ form, log = () => {} }: { form: DrillForm; log?: Log }): Promise<DrillResult> {
  const total = Number(process.env.FUZZ_REQUESTS ?? REQUESTS[form]);
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const statuses = new Map<number, number>();
  const problems = new Map<string, string>();
  let sent = 0;
  let cutOff = 0;
  let notSendable = 0;
  const server = await startTestServer({ env: { WEBHOOK_ALLOWED_HOSTS: FUZZ_WEBHOOK_HOST } });
  const started = Date.now();
  let staffForms = { sent: 0, statuses: new Map<number, number>() };
  try {
    const document = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenApiDocument;
    const check = contractChecker(document);
    const known = await knownIds(server.baseUrl);
    const all = Object.values(operations) as Operation[];
    const perOperation = Math.floor((total * 0.95) / all.length);
    const concretePaths = ['/v1/services', '/v1/inquiries', `/v1/services/${known.serviceId![0]}`, '/v1/health', '/v1/availability/book'];
    const mediaCount = Math.floor(total * 0.03);
    const plans: { label: string; arbitrary: fc.Arbitrary<FuzzRequest>; count: number }[] = [
      ...all.map((operation) => ({ label: operation.operationId, arbitrary: requestsFor(operation, known), count: perOperation })),
      { label: 'media', arbitrary: mediaRequests(await knownMediaPaths(server.baseUrl), server.baseUrl), count: mediaCount },
      { label: 'stray', arbitrary: strayRequests(concretePaths), count: total - perOperation * all.length - mediaCount },
    ];

    const send = async (request: FuzzRequest) => {
      let response: Response;
      try {
        response = await fetch(`${server.baseUrl}${request.path}`, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'manual',
        });
      } catch (error) {
        // A header value fetch refuses to send (undici checks them) never reaches the server.
        if (error instanceof TypeError && !(error as { cause?: unknown }).cause) return void (notSendable += 1);
        if (oversized(request)) return void (cutOff += 1);
        problems.set(`connection failed: ${(error as Error).message}`, summary(request));
        return;
      }
      const text = await response.text().catch(() => '');
      sent += 1;
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const answer = { status: response.status, contentType: response.headers.get('content-type') ?? '', location: response.headers.get('location'), text };
      const problem = isMediaRoute(request.path) ? mediaProblem(request, answer) : problemOf(request, answer, check);
      if (problem) problems.set(problem.slice(0, 300), summary(request));
    };

    let chunkSeed = seed;
    for (const plan of plans) {
      for (let done = 0; done < plan.count; done += CHUNK) {
        const batch = fc.sample(plan.arbitrary, { numRuns: Math.min(CHUNK, plan.count - done), seed: chunkSeed++ });
        const queue = [...batch];
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let request = queue.shift(); request; request = queue.shift()) await send(request);
          }),
        );
      }
      if (form === 'long') log(`${plan.label}: ${plan.count} requests (${sent} sent so far, ${problems.size} problems)`);
    }
    const fuzzed = await fuzzStaffWebhookForms(server, STAFF_FORM_CALLS[form], seed);
    staffForms = fuzzed;
    for (const [problem, call] of fuzzed.problems) problems.set(problem, call);
  } catch (error) {
    problems.set(`drill failed: ${(error as Error).message}`, '');
  } finally {
    await server.stop();
  }
  const seconds = (Date.now() - started) / 1000;
  const byStatus = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
  return {
    drill: 'fuzz',
    figures: [
      ['seed (FUZZ_SEED to replay)', seed],
      ['operations fuzzed', Object.keys(operations).length],
      ['requests answered', `${sent} in ${seconds.toFixed(0)} s (${(sent / seconds).toFixed(0)}/s)`],
      ['answers by status', byStatus],
      ['oversized requests cut off by the server / not sendable', `${cutOff} / ${notSendable}`],
      ['5xx answers', fiveHundreds],
      [
        '/staff/webhooks form submissions (as an admin), by status',
        `${staffForms.sent}: ${[...staffForms.statuses]
          .sort(([a], [b]) => a - b)
          .map(([status, count]) => `${status}×${count}`)
          .join(' ')}`,
      ],
      ['contract violations (distinct)', problems.size],
    ],
    problems: firstProblems([...problems].map(([problem, request]) => `${problem} ← ${request}`)),
  };
}
