import type { Attributes, Context, Span, Tracer } from '@opentelemetry/api';

export function tracer(): Tracer;
export function currentTraceId(): string | undefined;
export function recordError(span: Span, error: unknown): void;
export function withSpan<T>(
  name: string,
  options: { kind?: 'client' | 'internal' | 'consumer'; attributes?: Attributes; parent?: Context },
  work: (span: Span) => Promise<T>,
): Promise<T>;
export function activeTraceParent(): string | null;
export function contextOfTraceParent(stored: string | null | undefined): Context;
