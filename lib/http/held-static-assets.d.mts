import type { IncomingMessage, ServerResponse } from 'node:http';

export interface HeldStaticAssets {
  /** Answers from a held copy and returns true, or watches Next's answer to hold it and returns false. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  size(): { copies: number; bytes: number };
}

export function isImmutableAnswer(values: Record<string, unknown>): boolean;

export function brotliCopiesIn(appDir: string): Map<string, string>;

export function createHeldStaticAssets(options?: { maxBytes?: number; maxCopyBytes?: number; brotliCopies?: Map<string, string> }): HeldStaticAssets;
