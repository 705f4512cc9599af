export interface TestDatabase {
  dir: string;
  databaseUrl: string;
  remove(): void;
}

export interface TestServer {
  baseUrl: string;
  databaseUrl: string;
  output(): string;
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

export const TEST_SESSION_SECRET: string;
export function createTestDatabase(prefix?: string): Promise<TestDatabase>;
export function startTestServer(options?: { database?: TestDatabase; env?: Record<string, string> }): Promise<TestServer>;
