/**
 * Why a message was not delivered, and whether sending the same stored message again can succeed: a 4xx reply, a
 * refused or dropped connection and a timeout are retryable; a 5xx rejection and an invalid stored message are not.
 */
export class MailDeliveryError extends Error {
  readonly retryable: boolean;
  readonly responseCode: number | null;
  readonly code: string | null;

  constructor(
    message: string,
    { retryable, responseCode = null, code = null, cause }: { retryable: boolean; responseCode?: number | null; code?: string | null; cause?: unknown },
  ) {
    super(message, { cause });
    this.name = 'MailDeliveryError';
    this.retryable = retryable;
    this.responseCode = responseCode;
    this.code = code;
  }

  /** From a nodemailer error, which says `permanent: true` for a 5xx rejection and nothing for network failures. */
  static fromSmtp(error: unknown): MailDeliveryError {
    const details = (error ?? {}) as { message?: string; permanent?: boolean; responseCode?: number; code?: string };
    return new MailDeliveryError(`SMTP delivery failed: ${details.message ?? String(error)}`, {
      retryable: details.permanent !== true,
      responseCode: details.responseCode ?? null,
      code: details.code ?? null,
      cause: error,
    });
  }
}
