import type { Logger } from 'pino';

export type { Logger };
export const LOG_LEVELS: readonly ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export function logger(role?: string): Logger;
export function componentLogger(component: string): Logger;
export function routeConsoleToLogger(): void;
