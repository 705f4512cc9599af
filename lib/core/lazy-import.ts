/**
 * A module loaded the first time it is needed, then kept: `const sdk = lazyImport(() => import('pkg'))`, and
 * `(await sdk()).Thing` where it is used. Packages that only some jobs, some settings or one database engine need
 * (the S3 SDK, Stripe, sharp, cheerio, the calendar libraries, nodemailer …) are loaded this way so the job runner's
 * thread and the web process do not hold them from start-up when they never use them (docs/performance.md,
 * Footprint). A load that fails is tried again on the next call instead of being remembered.
 */
export function lazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
