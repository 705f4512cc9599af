import type { restartBackoff } from './restart-backoff.mjs';

export function superviseThread(options: {
  entry: string | URL;
  name: string;
  stopMessage: unknown;
  onMessage?: (message: unknown) => void;
  log?: (line: string) => void;
  backoff?: ReturnType<typeof restartBackoff>;
}): { readonly threadId: number | undefined; post(message: unknown, transfer?: ArrayBuffer[]): boolean; ended(): Promise<void>; stop(): Promise<void> };
