import Link from 'next/link';
import type { ReactNode } from 'react';

export interface ContentListItem {
  type: 'insight' | 'service';
  id: string;
  title: string;
  status: string;
  extra?: ReactNode;
}

function StatusBadge({ status }: { status: string }) {
  const tone = status === 'draft' ? 'border-accent text-accent' : 'border-line text-ink-muted';
  return <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>{status}</span>;
}

/** One titled list of content items, each with its editor link, status and preview link. */
export function ContentList({ id, title, items }: { id: string; title: string; items: ContentListItem[] }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10">
      <h2 id={`${id}-heading`} className="font-serif text-2xl font-semibold">
        {title}
      </h2>
      <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
            <Link className="underline-offset-4 hover:underline" href={`/staff/content/${item.type}s/${item.id}`}>
              {item.title}
            </Link>
            <span className="flex items-center gap-3 text-sm">
              {item.extra}
              <StatusBadge status={item.status} />
              <a className="underline" href={`/staff/preview?type=${item.type}&id=${item.id}`}>
                Preview
              </a>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
