export function unpackRelease(tarball: string): { dir: string; remove(): void };
export function nodeModulesAbove(dir: string): string[];
export function startRelease(options: {
  dir: string;
  databaseUrl?: string;
  node?: string;
  env?: Record<string, string>;
}): Promise<{
  baseUrl: string;
  databaseUrl: string;
  pid: number;
  startMs: number;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
}>;
