export function scrubLogLine(line: string): string;
export function pathWithoutTokens(path: string): string;
export function configuredSecrets(env?: Record<string, string | undefined>): string[];
export function rereadConfiguredSecrets(): void;
