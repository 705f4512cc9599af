/** What a drill reports: its figures, in order, and what went wrong (nothing, when it passed). */
export interface DrillResult {
  drill: string;
  figures: [label: string, value: string | number][];
  problems: string[];
  /** Why the drill could not run here (e.g. no permission to mount a filesystem); not a failure. */
  skipped?: string;
}

/** Short: the form inside `npm test` (seconds to a minute each). Long: `npm run drills`. */
export type DrillForm = 'short' | 'long';

export type Log = (line: string) => void;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** At most `limit` of `problems`, and how many more there were, so one broken thing does not flood the report. */
export function firstProblems(problems: string[], limit = 10): string[] {
  return problems.length <= limit ? problems : [...problems.slice(0, limit), `… and ${problems.length - limit} more`];
}

/**
 * Runs a drill's steps: an error ends them as one more problem (so the report still shows what was measured before
 * it), and `cleanUp` (removing the scratch database or filesystem) runs either way.
 */
export async function runSteps(problems: string[], steps: () => Promise<void>, cleanUp: () => unknown): Promise<void> {
  try {
    await steps();
  } catch (error) {
    problems.push(`drill failed: ${(error as Error).message}`);
  } finally {
    await cleanUp();
  }
}
