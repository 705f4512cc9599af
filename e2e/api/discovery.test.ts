import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { baseUrl, call, get, openApiDocument } from '../../test-support/http/contract';

describe('discovery', () => {
  it.each(['/v1/health', '/health'])('%s reports a healthy instance with the content version, never cached', async (path) => {
    const response = await get<{ status: string; version: string; build_stamp: string; timestamp: string }>(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.body.status).toBe('healthy');
    expect(response.body.version).toBe('1.0.0');
    expect(response.body.build_stamp).toMatch(/^[0-9a-f]{12}$/);
    expect(Math.abs(Date.parse(response.body.timestamp) - Date.now())).toBeLessThan(60_000);
  });

  it('derives endpointCount and supportedOperations from the served OpenAPI document', async () => {
    const document = await openApiDocument();
    const operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    const response = await get<{ endpointCount: number; supportedOperations: string[]; categories: string[] }>('/v1/capabilities');
    expect(response.status).toBe(200);
    expect(response.body.endpointCount).toBe(operationIds.length);
    expect(response.body.supportedOperations).toEqual(operationIds);
    expect(response.body.categories).toEqual(['constraint-analysis', 'offer-analysis', 'implementation-support']);
  });

  it('GET / gives API clients the JSON discovery document', async () => {
    const response = await get<{ name: string; build_stamp: string; links: Record<string, string> }>('/', {
      headers: { accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('vary')).toMatch(/Accept/);
    expect(response.body.name).toBe('Throughline Partners API');
    expect(response.body.links).toMatchObject({ openapi: '/openapi.json', documentation: '/docs', health: '/v1/health' });
    const health = await get<{ build_stamp: string }>('/v1/health');
    expect(response.body.build_stamp).toBe(health.body.build_stamp);
  });

  it('GET / without any Accept header is JSON too', async () => {
    const response = await fetch(`${baseUrl()}/`, { headers: { accept: '' } });
    expect(response.headers.get('content-type')).toBe('application/json');
  });

  it('GET / gives browsers the home page', async () => {
    const response = await fetch(`${baseUrl()}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('<h1');
    expect(html).toContain('Throughline Partners');
  });

  it('HEAD / answers like GET / without a body', async () => {
    const head = await call('HEAD', '/', { headers: { accept: 'application/json' } });
    const getResponse = await get('/', { headers: { accept: 'application/json' } });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers.get('etag')).toBe(getResponse.headers.get('etag'));
    expect(head.headers.get('cache-control')).toBe(getResponse.headers.get('cache-control'));
  });

  it('the internal discovery route is not reachable by its own path', async () => {
    const response = await get('/root-discovery');
    expect(response.status).toBe(404);
  });

  it('serves the same OpenAPI 3.1 document at /openapi.json and /v1/openapi.json, and it is valid', async () => {
    const [root, versioned] = await Promise.all([fetch(`${baseUrl()}/openapi.json`), fetch(`${baseUrl()}/v1/openapi.json`)]);
    const [rootText, versionedText] = await Promise.all([root.text(), versioned.text()]);
    expect(root.headers.get('content-type')).toBe('application/json');
    expect(rootText).toBe(versionedText);
    const document = JSON.parse(rootText);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('1.0.0');
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
  });

  it('documents every operation with an operationId, summary, tag and its error responses', async () => {
    const document = await openApiDocument();
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, Record<string, unknown>>)) {
        const operation = op as {
          operationId?: string;
          summary?: string;
          tags?: string[];
          parameters?: unknown[];
          requestBody?: unknown;
          responses: Record<string, unknown>;
        };
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        expect(operation.tags?.length, `${method} ${path}`).toBe(1);
        expect(operation.responses['200'], `${method} ${path}`).toBeDefined();
        const hasInputs = Boolean(operation.requestBody) || (operation.parameters ?? []).some((p) => (p as { in: string }).in !== 'header');
        expect(Boolean(operation.responses['422']), `${method} ${path} 422`).toBe(hasInputs);
        expect(Boolean(operation.responses['404']), `${method} ${path} 404`).toBe(path.includes('{'));
      }
    }
  });

  it('names the components as the spec does', async () => {
    const document = (await openApiDocument()) as unknown as { components: { schemas: Record<string, unknown> } };
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        'HealthStatus',
        'ApiCapabilities',
        'ServiceCategory',
        'Pricing',
        'Timeline',
        'Service',
        'ServiceDetail',
        'Testimonial',
        'TestimonialsResponse',
        'FAQ',
        'FAQResponse',
        'Insight',
        'InsightDetail',
        'InsightsResponse',
        'InsightSearchResponse',
        'ServicesResponse',
        'TOCPrinciples',
        'TOCPrinciple',
        'TOCTool',
        'CompanyProfile',
        'Location',
        'Leader',
        'Contact',
        'SocialProof',
        'HTTPValidationError',
        'ValidationError',
      ]),
    );
  });

  it('documents the limit and offset constraints with their defaults', async () => {
    const document = (await openApiDocument()) as unknown as {
      paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }>;
    };
    const limit = document.paths['/v1/services']!.get.parameters.find((p) => p.name === 'limit')!;
    const offset = document.paths['/v1/services']!.get.parameters.find((p) => p.name === 'offset')!;
    expect(limit.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(offset.schema).toMatchObject({ type: 'integer', minimum: 0, default: 0 });
  });

  it('serves interactive docs that load their script from this app', async () => {
    const response = await fetch(`${baseUrl()}/docs`);
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toContain('/vendor/swagger-ui/swagger-ui-bundle.js');
    expect(html).not.toMatch(/(src|href)="https?:/);
    for (const asset of ['/vendor/swagger-ui/swagger-ui-bundle.js', '/vendor/swagger-ui/swagger-ui.css']) {
      expect((await fetch(`${baseUrl()}${asset}`)).status).toBe(200);
    }
  });
});

describe('unknown paths and methods', () => {
  it.each(['/v1', '/v1/nope', '/v1/services/constraint-snapshot/reviews', '/v1/insights/a/b/c'])('%s is a JSON 404', async (path) => {
    const response = await get<{ detail: string; code: string }>(path);
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['POST', '/v1/services'],
    ['DELETE', '/v1/services/constraint-snapshot'],
    ['PUT', '/v1/insights'],
    ['PATCH', '/v1/health'],
  ])('%s %s is a JSON 405 with Allow', async (method, path) => {
    const response = await call<{ detail: string; code: string }>(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(response.body).toEqual({
      detail: `Method ${method} is not allowed on ${path}. Allowed: GET, HEAD, OPTIONS.`,
      code: 'METHOD_NOT_ALLOWED',
    });
  });
});
