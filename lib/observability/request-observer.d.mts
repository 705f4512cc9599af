import type { IncomingMessage, ServerResponse } from 'node:http';

export const REQUEST_ID_HEADER: string;
export function requestIdOf(header: string | string[] | undefined): string;
export function observeRequest(
  request: IncomingMessage,
  response: ServerResponse,
  options: { templateOf: (pathname: string) => string; client: string; quiet?: (route: string) => boolean },
): { requestId: string; route: string; source(name: 'held-copy' | 'next' | 'web-server'): void; run<T>(handler: () => T): T };
