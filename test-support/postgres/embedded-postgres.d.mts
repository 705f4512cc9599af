export interface EmbeddedPostgres {
  serverUrl: string;
  databaseUrl(database: string): string;
  port: number;
  stop(): Promise<void>;
}
export function startEmbeddedPostgres(options?: { durable?: boolean; log?: (line: string) => void }): Promise<EmbeddedPostgres>;
