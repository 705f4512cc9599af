export function startDebianPostgres(): Promise<{
  bin: string;
  databaseUrl(database: string): string;
  sql(database: string, statements: string): string;
  stop(): Promise<void>;
}>;
