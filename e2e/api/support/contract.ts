import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { inject } from 'vitest';

/**
 * Calls the running server and checks every JSON response against the OpenAPI document it serves:
 * the status must be documented for the operation, and the body must match that response's schema.
 */

type OpenApiDocument = {
  paths: Record<string, Record<string, { operationId?: string; responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
};

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

let documentPromise: Promise<OpenApiDocument> | undefined;
let ajv: Ajv2020 | undefined;

export const baseUrl = () => inject('baseUrl');

export function openApiDocument(): Promise<OpenApiDocument> {
  documentPromise ??= fetch(`${baseUrl()}/openapi.json`).then((r) => r.json() as Promise<OpenApiDocument>);
  return documentPromise;
}

async function validator(): Promise<Ajv2020> {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(await openApiDocument(), 'openapi');
  }
  return ajv;
}

/** The documented path template a concrete path belongs to; static segments win over parameters. */
export function templateFor(document: OpenApiDocument, pathname: string): string | undefined {
  const candidates = Object.keys(document.paths).filter((template) => {
    const pattern = template.replace(/[.*+?^${}()|[\]\\]/g, (c) => (c === '{' || c === '}' ? c : `\\${c}`)).replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(pathname);
  });
  return candidates.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))[0];
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

export async function assertMatchesContract(method: string, url: string, response: ApiResponse): Promise<void> {
  const document = await openApiDocument();
  const pathname = new URL(url, baseUrl()).pathname;
  const template = templateFor(document, pathname);
  if (!template) {
    // Outside the documented operations only the JSON 404/405 envelope is acceptable.
    expectEnvelope(response);
    return;
  }
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) {
    expectEnvelope(response);
    return;
  }
  const documented = operation.responses[String(response.status)];
  if (!documented) throw new Error(`${method} ${template} answered ${response.status}, which the document does not list`);
  const content = documented.content?.['application/json'];
  if (!content) {
    if (response.text !== '') throw new Error(`${method} ${template} ${response.status} should have no body`);
    return;
  }
  const validate = (await validator()).getSchema(
    `openapi#/${pointer('paths', template, method.toLowerCase(), 'responses', String(response.status), 'content', 'application/json', 'schema')}`,
  );
  if (!validate) throw new Error('schema not found');
  if (!validate(response.body)) {
    throw new Error(`${method} ${url} ${response.status} does not match the contract: ${JSON.stringify(validate.errors, null, 2)}`);
  }
}

function expectEnvelope(response: ApiResponse) {
  const body = response.body as { detail?: unknown; code?: unknown };
  if (![404, 405].includes(response.status) || typeof body?.detail !== 'string' || typeof body?.code !== 'string') {
    throw new Error(`Undocumented response ${response.status}: ${response.text}`);
  }
}

/** Sends a request and validates the answer against the contract before returning it. */
export async function call<T = unknown>(method: string, path: string, init: RequestInit = {}): Promise<ApiResponse<T>> {
  const url = `${baseUrl()}${path}`;
  const response = await fetch(url, { ...init, method, redirect: 'manual' });
  const text = await response.text();
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  const result: ApiResponse<T> = { status: response.status, headers: response.headers, body: (isJson && text ? JSON.parse(text) : text) as T, text };
  if (method === 'HEAD' || response.status === 304) {
    if (text !== '') throw new Error(`${method} ${path} ${response.status} must not have a body`);
  } else {
    if (!isJson) throw new Error(`${method} ${path} answered ${response.headers.get('content-type')}, not JSON`);
    await assertMatchesContract(method, url, result);
  }
  return result;
}

export const get = <T = unknown>(path: string, init?: RequestInit) => call<T>('GET', path, init);

/** POSTs a JSON body (or a raw string, sent as is) and validates the answer against the contract. */
export function post<T = unknown>(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call<T>('POST', path, {
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}
