export interface FeedServer {
  origin: string;
  hostPort: string;
  url: string;
  requests(): { path: string | undefined; ifNoneMatch: string | null }[];
  set(ics: string, contentType?: string): void;
  close(): Promise<void>;
}
export function serveFeed(options?: { secret?: string; ics?: string; contentType?: string }): Promise<FeedServer>;
