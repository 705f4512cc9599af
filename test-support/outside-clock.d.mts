export function withRealClock(env?: Record<string, string | undefined>): NodeJS.ProcessEnv;
