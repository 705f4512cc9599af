/** What a runner claims: queued jobs whose time has come, then running jobs whose lease expired (their runner died). */
export type ClaimKind = 'due' | 'abandoned';

export interface LeaseRequest {
  owner: string;
  now: Date;
  leaseExpiresAt: Date;
  /** At most this many jobs. */
  room: number;
}

/** Kept in `lastError` of a job taken over from a runner that stopped, so staff can see why it ran again. */
export const ABANDONED_NOTE = 'The runner working on it stopped before finishing (its lease expired); tried again.';

/** Kept in `lastError` of a job handed back at once because its runner's process is gone (runner-heartbeats.ts). */
export const RUNNER_GONE_NOTE = 'The runner working on it stopped before finishing (its process is gone); handed back at once and tried again.';
