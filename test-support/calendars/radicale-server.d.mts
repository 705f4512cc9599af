export interface RadicaleServer {
  origin: string;
  hostPort: string;
  users: Record<string, string>;
  output(): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  remove(): Promise<void>;
  calendarUrl(user: string, calendar: string): string;
  makeCalendar(user: string, calendar: string, displayName?: string): Promise<void>;
  makeReadOnly(user: string, calendar: string): void;
  putEvent(user: string, calendar: string, name: string, ics: string): Promise<string | null>;
  putCalendar(user: string, calendar: string, ics: string): Promise<void>;
  deleteEvent(user: string, calendar: string, name: string): Promise<void>;
  events(user: string, calendar: string): Promise<Record<string, string>>;
}
export function radicaleBinary(): string;
export function startRadicale(options?: { users?: Record<string, string>; folder?: string }): Promise<RadicaleServer>;
