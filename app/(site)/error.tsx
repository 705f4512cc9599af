'use client';

import Link from 'next/link';

/** Shown when a page fails unexpectedly; the details stay in the server log. */
export default function SiteError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="font-serif text-4xl font-semibold">Something went wrong on our side</h1>
      <p className="mt-4 text-lg text-ink-muted">The page could not be shown. Please try again; if it keeps failing, write to us and we will look into it.</p>
      <div className="mt-6 flex flex-wrap gap-4">
        <button type="button" onClick={reset} className="rounded-md bg-accent px-5 py-3 font-semibold text-paper hover:bg-accent-strong">
          Try again
        </button>
        <Link className="self-center underline underline-offset-4" href="/contact">
          Contact us
        </Link>
      </div>
    </div>
  );
}
