import { isStorageUnavailable } from '@/lib/db/db-errors';
import { DomainError, InputValidationError } from '@/lib/core/errors';
import type { DomainErrorCode } from '@/lib/core/errors';
import { ApiError, RequestValidationError } from './api-error';
import { errorResponse, validationErrorResponse } from './json-response';
import { componentLogger } from '@/lib/observability/logger.mjs';

const STATUS_OF: Record<DomainErrorCode, number> = {
  NOT_FOUND: 404,
  CONTENT_UNAVAILABLE: 503,
  OFFER_CHANGED: 409,
  CHECKOUT_NOT_AVAILABLE: 409,
  CHECKOUT_CLOSED: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 502,
  IDEMPOTENCY_KEY_REUSED: 409,
  IDEMPOTENCY_KEY_IN_USE: 409,
  TRANSITION_NOT_ALLOWED: 409,
  BOOKING_NOT_PENDING: 409,
  SLOT_UNAVAILABLE: 409,
  CANCELLATION_CLOSED: 409,
  BOOKING_CANCELLED: 409,
  BOOKING_CHANGED: 409,
  NO_DRAFT: 409,
  DRAFT_CHANGED: 409,
  INVALID_CONTENT: 422,
  CALENDAR_CONFLICTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  IMAGE_TOO_LARGE: 422,
  IMAGE_UNREADABLE: 422,
  MEDIA_IN_USE: 409,
};

/** How long a client should wait before retrying a write the storage refused (disk full, read-only, unreachable). */
export const STORAGE_RETRY_AFTER_SECONDS = 10;

/** Every failure of every handler becomes JSON here; internals never reach the client. */
export function errorToResponse(error: unknown, context: string): Response {
  if (error instanceof RequestValidationError || error instanceof InputValidationError) return validationErrorResponse(error.items);
  if (error instanceof ApiError) {
    return errorResponse(error.status, { detail: error.message, code: error.code, ...error.extra }, error.headers);
  }
  if (error instanceof DomainError) {
    return errorResponse(STATUS_OF[error.code], { detail: error.message, code: error.code, ...error.details });
  }
  if (isStorageUnavailable(error)) {
    componentLogger('http').error({ err: error, operation: context }, `storage unavailable in ${context}`);
    return errorResponse(
      503,
      { detail: 'The database cannot store or read this right now; nothing was changed. Please try again shortly.', code: 'STORAGE_UNAVAILABLE' },
      { 'retry-after': String(STORAGE_RETRY_AFTER_SECONDS) },
    );
  }
  componentLogger('http').error({ err: error, operation: context }, `unhandled error in ${context}`);
  return errorResponse(500, { detail: 'The server could not complete the request. Please try again.', code: 'INTERNAL_ERROR' });
}
