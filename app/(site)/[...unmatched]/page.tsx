import { notFound } from 'next/navigation';

// Addresses no route matches get the site's 404 inside the site layout, rendered for the request. (The root
// not-found.tsx stays free of data: Next renders it into every page, cached copies included.)
export const dynamic = 'force-dynamic';

export default function UnmatchedAddress(): never {
  notFound();
}
