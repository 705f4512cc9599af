import Link from 'next/link';
import type { ServiceCategoryInfoBody } from '@/lib/contract/catalogue';

const LINK = 'inline-block rounded-full border px-4 py-2 text-sm font-medium';
const CURRENT = 'border-ink bg-ink text-paper';
const OTHER = 'border-line bg-surface text-ink hover:border-ink';

/** Links that narrow the catalogue to one category; plain links, so they work without JavaScript. */
export function CategoryFilter({ categories, current }: { categories: ServiceCategoryInfoBody[]; current: string | null }) {
  const items = [
    { id: null, name: 'All services', href: '/services' },
    ...categories.map((c) => ({ id: c.id, name: c.name, href: `/services?category=${c.id}` })),
  ];
  return (
    <nav aria-label="Service categories">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => {
          const active = item.id === current;
          return (
            <li key={item.href}>
              <Link href={item.href} aria-current={active ? 'page' : undefined} className={`${LINK} ${active ? CURRENT : OTHER}`}>
                {item.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
