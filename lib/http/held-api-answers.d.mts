import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeldApiRules } from './held-api-rules';

export interface HeldApiAnswers {
  /**
   * Takes the request when a held answer may serve it (true): it is sent once the client's read is counted, or handed
   * to `passToNext`. Otherwise watches Next's answer to hold it, and returns false.
   */
  answer(request: IncomingMessage, response: ServerResponse, how: { client: string; answered: () => void; passToNext: () => void }): boolean;
  size(): { copies: number; bytes: number };
}

export function createHeldApiAnswers(options?: { maxBytes?: number; maxCopyBytes?: number }): HeldApiAnswers;

/** The rules the app published (lib/http/held-api-rules.ts), or undefined before a content route first loads. */
export function heldApiRules(): HeldApiRules | undefined;
