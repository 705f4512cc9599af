/** Failures a use case reports to its caller; lib/http maps each code to a status, pages to a message. */
export type DomainErrorCode = 'NOT_FOUND' | 'CONTENT_UNAVAILABLE';

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
