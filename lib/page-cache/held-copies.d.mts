import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeldCopyRules } from './held-copy-rules';

export interface HeldCopies {
  /** Answers from a held copy and returns true, or watches Next's answer to hold it and returns false. */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
  size(): { copies: number; bytes: number };
}

export function createHeldCopies(options?: { maxBytes?: number; maxCopyBytes?: number }): HeldCopies;

/** The rules the app published (lib/page-cache/held-copy-rules.ts), or undefined before proxy.ts first loads. */
export function heldCopyRules(): HeldCopyRules | undefined;

export function requestedKind(headers: Record<string, string | string[] | undefined>): 'router' | 'page' | null;
