/** A clock the test moves by hand: retries, leases and deadlines are about time, and must not depend on the real one. */
export function manualClock(start: string | Date) {
  let now = new Date(start);
  return {
    now: () => now,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
    set: (to: string | Date) => (now = new Date(to)),
  };
}

export type ManualClock = ReturnType<typeof manualClock>;
