import type { IncomingMessage, ServerResponse } from 'node:http';

export function asksForDocument(request: Pick<IncomingMessage, 'method' | 'headers'>): boolean;

export function rewriteDocuments(response: ServerResponse): void;
