/** An answer other than 2xx: the status and the API's error body (`{detail, code, …}`, or the 422 `{detail: [...]}`). */
export class ThroughlineApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Throughline API answered ${status}: ${typeof body === 'object' && body && 'detail' in body ? JSON.stringify(body.detail) : String(body)}`);
    this.name = 'ThroughlineApiError';
  }

  /** The error envelope's `code`, such as `OFFER_CHANGED` or `NOT_FOUND`. */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : undefined;
  }
}
