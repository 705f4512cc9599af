export function restartBackoff(options?: { firstMs?: number; maxMs?: number; stableMs?: number }): {
  delayAfter(startedAt: number, now?: number): number;
};
