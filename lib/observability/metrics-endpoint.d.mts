import type { IncomingMessage, ServerResponse } from 'node:http';

export const METRICS_PATH: string;
export function metricsAccess(env?: NodeJS.ProcessEnv): { port: number | null; host: string; token: string | null };
export function hasMetricsToken(request: IncomingMessage, token: string): boolean;
export function answerScrape(request: IncomingMessage, response: ServerResponse): Promise<void>;
export function unauthorizedScrape(response: ServerResponse): void;
export function startMetricsListener(options: { port: number; host: string }): Promise<{ close(): Promise<void> }>;
