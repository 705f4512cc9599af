/**
 * `generateStaticParams` of every cached content page: nothing is rendered at build time (the build has no
 * database). An empty list still makes the route incremental: the first request for a copy renders it and Next.js
 * keeps it (app/(site)/cached/[stamp]/layout.tsx).
 */
export function renderOnFirstRequest(): never[] {
  return [];
}
