import Link from 'next/link';

export function SiteHeader() {
  return (
    <header className="border-b border-line">
      <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-4">
        <Link href="/" className="font-serif text-xl font-semibold text-ink">
          Throughline Partners
        </Link>
        <nav aria-label="Main">
          <ul className="flex gap-4 text-sm">
            <li>
              <Link className="underline-offset-4 hover:underline" href="/docs">
                API docs
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
