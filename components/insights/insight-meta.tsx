import type { ReactNode } from 'react';
import type { InsightBody } from '@/lib/contract/insights';
import { PublishedDate } from './published-date';

/**
 * Author, publication date and reading time. Each part stays on one line with the dot after it, so a
 * narrow card wraps between parts and never starts a line with a separator. Screen readers skip the dots.
 */
export function InsightMeta({ insight, large = false, className = '' }: { insight: InsightBody; large?: boolean; className?: string }) {
  const parts: ReactNode[] = [
    insight.author ? insight.author : null,
    insight.publishedAt ? <PublishedDate date={insight.publishedAt} /> : null,
    insight.readTime ? `${insight.readTime} min read` : null,
  ].filter((part) => part !== null);
  if (parts.length === 0) return null;
  return (
    <p className={`text-ink-muted ${large ? 'text-base' : 'text-sm'} ${className}`}>
      {parts.map((part, index) => (
        <span key={index}>
          <span className="whitespace-nowrap">
            {part}
            {index < parts.length - 1 && <span aria-hidden="true">{'\u00a0·'}</span>}
          </span>
          {index < parts.length - 1 && ' '}
        </span>
      ))}
    </p>
  );
}
