export function precompressStatic(nextDir: string): { written: number; before: number; after: number };
