import type { ValidationErrorItem } from '@/lib/contract/errors';

/** An HTTP-level failure with the shared error envelope `{detail, code, …extra}`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    detail: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** A 422 in pydantic's shape; carries the already-translated items. */
export class RequestValidationError extends Error {
  constructor(readonly items: ValidationErrorItem[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}
