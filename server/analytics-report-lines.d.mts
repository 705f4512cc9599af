import type { PageViewReport, ReadingReport } from '@/lib/domain/analytics/event-batch';

export function viewLine(report: PageViewReport): string;
export function readingLine(report: ReadingReport): string;
export function reportsOfLines(text: string): ({ kind: 'view'; report: PageViewReport } | { kind: 'reading'; report: ReadingReport })[];
