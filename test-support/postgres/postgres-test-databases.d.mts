export interface PostgresTestDatabase {
  name: string;
  databaseUrl: string;
  remove(): Promise<void>;
}

export function testPostgresServer(): { serverUrl: string; template: string | null } | null;
export function createPostgresDatabase(serverUrl: string, options?: { prefix?: string; template?: string | null }): Promise<PostgresTestDatabase>;
export function clonePostgresDatabase(templateUrl: string, prefix?: string): Promise<PostgresTestDatabase>;
