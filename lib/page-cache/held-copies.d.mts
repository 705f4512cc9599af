import type { IncomingMessage, ServerResponse } from 'node:http';

export interface HeldCopies {
  /** Answers from a held copy and returns true, or watches Next's answer to hold it and returns false. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  size(): { copies: number; bytes: number };
}

export function createHeldCopies(options?: { maxBytes?: number; maxCopyBytes?: number }): HeldCopies;
