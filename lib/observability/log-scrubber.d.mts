export function scrubLogLine(line: string): string;
export function pathWithoutTokens(path: string): string;
