export const DEFAULT_DATABASE_URL: string;
export function sqliteMigrationsApplied(file: string): boolean;
export function prepareDatabase(options?: { env?: NodeJS.ProcessEnv; quiet?: boolean; seed?: boolean; seedCommand?: [string, string[]] }): Promise<string>;
