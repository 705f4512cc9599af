import type { PageViewReport, ReadingReport } from '@/lib/domain/analytics/event-batch';

export interface ReportLine {
  at: number;
  body: string;
}
export function viewLine(report: PageViewReport): string;
export function readingLine(report: ReadingReport): string;
export function isViewLine(line: ReportLine): boolean;
export function reportOfLine(line: ReportLine): { kind: 'view'; report: PageViewReport } | { kind: 'reading'; report: ReadingReport } | null;
