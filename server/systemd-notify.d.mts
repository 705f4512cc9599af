export function systemdNotifier(env?: NodeJS.ProcessEnv, log?: (line: string) => void): { ready(): void; watchdog(): void; stopping(): void };
