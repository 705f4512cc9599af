import { inject } from 'vitest';
import { contractChecker, templateFor } from './openapi-contract';
import type { ContractCheck, OpenApiDocument } from './openapi-contract';

/**
 * Calls the running server and checks every JSON response against the OpenAPI document it serves:
 * the status must be documented for the operation, and the body must match that response's schema.
 */

export { templateFor };

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

let documentPromise: Promise<OpenApiDocument> | undefined;
let checker: ContractCheck | undefined;

export const baseUrl = () => inject('baseUrl');

export function openApiDocument(): Promise<OpenApiDocument> {
  documentPromise ??= fetch(`${baseUrl()}/openapi.json`).then((r) => r.json() as Promise<OpenApiDocument>);
  return documentPromise;
}

export async function assertMatchesContract(method: string, url: string, response: ApiResponse): Promise<void> {
  checker ??= contractChecker(await openApiDocument());
  const problem = checker(method, new URL(url, baseUrl()).pathname, response);
  if (problem) throw new Error(problem);
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
