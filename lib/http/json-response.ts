import type { ErrorBody, ValidationErrorItem } from '@/lib/contract/errors';
import { ERROR_CACHE_CONTROL } from './cache-policy';

export const JSON_TYPE = 'application/json';

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': JSON_TYPE, ...headers } });
}

export function errorResponse(status: number, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, status, { 'cache-control': ERROR_CACHE_CONTROL, ...headers });
}

export function validationErrorResponse(items: ValidationErrorItem[]): Response {
  return jsonResponse({ detail: items }, 422, { 'cache-control': ERROR_CACHE_CONTROL });
}

export function notFoundResponse(detail: string): Response {
  return errorResponse(404, { detail, code: 'NOT_FOUND' });
}
