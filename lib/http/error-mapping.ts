import { DomainError, InputValidationError } from '@/lib/domain/errors';
import type { DomainErrorCode } from '@/lib/domain/errors';
import { ApiError, RequestValidationError } from './api-error';
import { errorResponse, validationErrorResponse } from './json-response';

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
};

/** Every failure of every handler becomes JSON here; internals never reach the client. */
export function errorToResponse(error: unknown, context: string): Response {
  if (error instanceof RequestValidationError || error instanceof InputValidationError) return validationErrorResponse(error.items);
  if (error instanceof ApiError) {
    return errorResponse(error.status, { detail: error.message, code: error.code, ...error.extra }, error.headers);
  }
  if (error instanceof DomainError) {
    return errorResponse(STATUS_OF[error.code], { detail: error.message, code: error.code, ...error.details });
  }
  console.error(`Unhandled error in ${context}`, error);
  return errorResponse(500, { detail: 'The server could not complete the request. Please try again.', code: 'INTERNAL_ERROR' });
}
