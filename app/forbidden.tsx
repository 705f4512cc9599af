import Link from 'next/link';

export const metadata = { title: 'Not allowed', robots: { index: false } };

/** 403: signed in, but this role may not use this part of the staff area. */
export default function Forbidden() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <p className="text-sm font-semibold uppercase tracking-wide text-accent">403</p>
      <h1 className="mt-2 font-serif text-3xl font-semibold">Your role does not give access to this page</h1>
      <p className="mt-4 text-ink-muted">Ask an administrator if you need it.</p>
      <p className="mt-6">
        <Link className="underline underline-offset-4" href="/staff">
          Back to the staff area
        </Link>
      </p>
    </main>
  );
}
