import Link from 'next/link';
import { breadcrumbListLd } from '@/lib/seo/structured-data';
import { JsonLd } from './json-ld';

export interface Crumb {
  name: string;
  path: string;
}

/** Visible breadcrumbs plus their BreadcrumbList JSON-LD, from one list. */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mx-auto max-w-6xl px-4 pt-6 text-sm">
      <ol className="flex flex-wrap gap-2 text-ink-muted">
        {items.map((item, index) => (
          <li key={item.path} className="flex gap-2">
            {index > 0 && <span aria-hidden="true">/</span>}
            {index === items.length - 1 ? (
              <span aria-current="page" className="text-ink">
                {item.name}
              </span>
            ) : (
              <Link className="underline underline-offset-4" href={item.path}>
                {item.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
      <JsonLd data={breadcrumbListLd(items)} />
    </nav>
  );
}
