export function lowerThisThreadPriority(steps: number): number | null;
