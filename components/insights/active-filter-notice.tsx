import Link from 'next/link';
import { insightsHref } from './insights-href';
import { topicLabel } from './topic-label';

/** Says in words which topic filter is on, with a link that clears it (keeping a search's words). */
export function ActiveFilterNotice({ topic, q }: { topic: string; q?: string }) {
  return (
    <p className="mx-auto max-w-6xl px-4 pt-4 text-ink-muted">
      Showing only insights on <strong className="font-semibold text-ink">{topicLabel(topic)}</strong>.{' '}
      <Link href={insightsHref({ q })} className="font-medium text-accent underline underline-offset-4 hover:text-accent-strong">
        Clear the topic filter
      </Link>
    </p>
  );
}
