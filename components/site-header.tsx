import Link from 'next/link';
import { ButtonLink } from './ui/button';
import { MAIN_NAV } from './site-nav';

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-paper print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-4">
        <Link href="/" className="font-serif text-xl font-semibold text-ink" aria-label="Throughline Partners, home">
          Throughline Partners
        </Link>
        <nav aria-label="Main" className="order-3 w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-base">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <Link className="text-ink underline-offset-4 hover:underline" href={item.href}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <ButtonLink href="/book" size="sm">
          Book a call
        </ButtonLink>
      </div>
    </header>
  );
}
