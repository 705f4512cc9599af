import { SafeFetchError } from '../../lib/guarded-fetch/safe-fetch-error';

/** The SafeFetchError a fetch ends with, for asserting its code and sentence; anything else fails the test. */
export async function failureOf(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof SafeFetchError)) throw new Error(`expected a SafeFetchError, got ${String(error)}`);
  return error;
}
