import Link from 'next/link';

export function SiteFooter({ companyName }: { companyName: string }) {
  return (
    <footer className="mt-16 border-t border-line">
      <div className="mx-auto flex max-w-5xl flex-wrap justify-between gap-4 px-4 py-8 text-sm text-ink-muted">
        <p>© {new Date().getFullYear()} {companyName}</p>
        <p>
          <Link className="underline underline-offset-4" href="/docs">
            Public API documentation
          </Link>
        </p>
      </div>
    </footer>
  );
}
