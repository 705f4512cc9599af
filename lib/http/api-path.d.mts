import type { PlainResponse } from './plain-error.mjs';

export function emptySegmentRefusal(rawUrl: string): PlainResponse | null;
