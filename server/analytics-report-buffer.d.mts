export const REPORT_BUFFER_BYTES: number;
export function createReportBuffer(capacity?: number): {
  fits(line: string): boolean;
  add(line: string): void;
  take(): { buffer: ArrayBuffer; length: number } | null;
};
export function reportLinesOf(buffer: ArrayBuffer, length: number): Generator<import('./analytics-report-lines.mjs').ReportLine>;
