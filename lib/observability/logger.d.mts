import type { Logger, LoggerOptions } from 'pino';

export type { Logger };
export const LOG_LEVELS: readonly ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
export function loggerOptions(role: string): LoggerOptions;
export function logger(role?: string): Logger;
export function componentLogger(component: string, options?: { redactKeys?: boolean }): Logger;
export function routeConsoleToLogger(): void;
