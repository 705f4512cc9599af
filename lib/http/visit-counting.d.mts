import type { IncomingMessage, ServerResponse } from 'node:http';

export const BEACON_PATH: string;

/** Counts the page this request is answered with, and answers the beacon at `/a` (then returns true). */
export function countVisit(request: IncomingMessage, response: ServerResponse): boolean;
