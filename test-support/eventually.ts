/**
 * Reads `read` every 50 ms until `accept` holds, for tests that wait on another process (a job runner, a mail
 * server, a second instance). Fails with what it was waiting for and the last value it saw.
 */
export async function eventually<T>(read: () => T | Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last value ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `eventually` for a probe that answers its value when ready, and nothing (or false) before. */
export function until<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs?: number): Promise<T> {
  return eventually(probe, Boolean, what, timeoutMs) as Promise<T>;
}
