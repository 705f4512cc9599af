export const DEFAULT_SERVICE_NAME: string;
export function tracingConfigured(env?: NodeJS.ProcessEnv): boolean;
export function startTracing(role: string): Promise<(() => Promise<void>) | null>;
export function flushTraces(): Promise<void>;
