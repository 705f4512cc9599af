export const REPORT_BUFFER_BYTES: number;
export interface TakenReports {
  buffer: ArrayBuffer;
  length: number;
}
export interface ReportBuffer {
  startLine(at: number, units: number): void;
  field(text: string): void;
  take(): TakenReports | null;
}
export function createReportBuffer(options?: { capacity?: number; whenFull?: (taken: TakenReports) => void }): ReportBuffer;
export interface ReportReader {
  read(buffer: ArrayBuffer, length: number, onLine: (at: number, body: string) => void): void;
}
export function createReportReader(options?: { knownBodies?: number }): ReportReader;
export function fieldsOf(body: string): string[];
