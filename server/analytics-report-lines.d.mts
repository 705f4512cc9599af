import type { PageViewReport, ReadingReport } from '@/lib/domain/analytics/event-batch';
import type { ReportBuffer } from './analytics-report-buffer.mjs';

export function writeViewLine(held: ReportBuffer, report: PageViewReport): void;
export function writeReadingLine(held: ReportBuffer, report: ReadingReport): void;
export function isViewLine(body: string): boolean;
export function reportOfLine(at: number, body: string): { kind: 'view'; report: PageViewReport } | { kind: 'reading'; report: ReadingReport } | null;
