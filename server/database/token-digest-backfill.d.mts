export function backfillTokenDigests(file: string, options?: { busyTimeoutMs?: number }): number;
