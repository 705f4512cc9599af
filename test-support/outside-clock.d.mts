export function withRealClock(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
