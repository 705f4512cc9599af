export const AFTER_FIRST_FRAME: string;

export interface FirstFrameRewriter {
  /** Rewrites the next piece of the document; returns what may be sent now. */
  push(piece: string): string;
  /** What is left to send once the document has ended. */
  end(): string;
}

export function createFirstFrameRewriter(): FirstFrameRewriter;
