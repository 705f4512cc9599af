import type { ValidationErrorItem } from '@/lib/contract/errors';

/** Failures a use case reports to its caller; lib/http maps each code to a status, pages to a message. */
export type DomainErrorCode =
  | 'NOT_FOUND'
  | 'CONTENT_UNAVAILABLE'
  | 'OFFER_CHANGED'
  | 'CHECKOUT_NOT_AVAILABLE'
  | 'CHECKOUT_CLOSED'
  | 'PAYMENT_PROVIDER_UNAVAILABLE'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'IDEMPOTENCY_KEY_IN_USE'
  | 'TRANSITION_NOT_ALLOWED'
  | 'BOOKING_NOT_PENDING'
  | 'SLOT_UNAVAILABLE'
  | 'CANCELLATION_CLOSED'
  | 'BOOKING_CANCELLED'
  | 'BOOKING_CHANGED'
  | 'NO_DRAFT'
  | 'DRAFT_CHANGED'
  | 'INVALID_CONTENT'
  | 'CALENDAR_CONFLICTS'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_UNREADABLE'
  | 'MEDIA_IN_USE';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export function notFound(what: string, id: string): DomainError {
  return new DomainError('NOT_FOUND', `${what} '${id}' was not found.`);
}

/** Input that passed the contract's shape but not a rule only the domain knows (e.g. a service's buyerInputSchema). */
export class InputValidationError extends Error {
  constructor(readonly items: ValidationErrorItem[]) {
    super('Input validation failed');
    this.name = 'InputValidationError';
  }
}
