import Link from 'next/link';
import { MAIN_NAV } from './site-nav';

/** What every 404 says: plainly that the page is not here, and the ways on. */
export function NotFoundContent() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">404</p>
      <h1 className="mt-2 font-serif text-4xl font-semibold">We could not find that page</h1>
      <p className="mt-4 text-lg text-ink-muted">The address may be mistyped, or the page may have moved. These are good places to continue:</p>
      <ul className="mt-6 space-y-2">
        <li>
          <Link className="underline underline-offset-4" href="/">
            Home
          </Link>
        </li>
        {MAIN_NAV.map((item) => (
          <li key={item.href}>
            <Link className="underline underline-offset-4" href={item.href}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <Link className="underline underline-offset-4" href="/insights?q=constraint">
            Search the insights
          </Link>
        </li>
      </ul>
    </div>
  );
}
