import Link from 'next/link';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { MAIN_NAV } from './site-nav';

export async function SiteFooter() {
  const company = await getCompanyProfile();
  return (
    <footer className="mt-20 border-t border-line bg-surface print:hidden">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="font-serif text-xl font-semibold">{company.name}</p>
          <p className="mt-2 text-ink-muted">{company.tagline}</p>
          <p className="mt-2 text-ink-muted">
            {company.headquarters.city}, {company.headquarters.state}
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="space-y-2">
            {MAIN_NAV.map((item) => (
              <li key={item.href}>
                <Link className="underline-offset-4 hover:underline" href={item.href}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link className="underline-offset-4 hover:underline" href="/book">
                Book a consultation
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-2">
          {company.contact && (
            <p>
              <a className="underline underline-offset-4" href={`mailto:${company.contact.email}`}>
                {company.contact.email}
              </a>
              {company.contact.phone && <span className="block text-ink-muted">{company.contact.phone}</span>}
            </p>
          )}
          <p>
            <Link className="underline underline-offset-4" href="/docs">
              Public API documentation
            </Link>
          </p>
          <p>
            <Link className="underline underline-offset-4" href="/privacy">
              Privacy: what we count
            </Link>
          </p>
          <p>
            <a className="underline underline-offset-4" href="/insights/feed.xml">
              Insights feed (Atom)
            </a>
          </p>
          <p className="text-ink-muted">
            © {new Date().getFullYear()} {company.name}
          </p>
        </div>
      </div>
    </footer>
  );
}
