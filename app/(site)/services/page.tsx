import type { Metadata } from 'next';
import { requestedCategory, ServicesView, servicesMetadata, type ServicesSearchParams } from './services-page';

// Rendered for the request: drafts, staff and unknown categories; visitors' reads of the catalogue and of a known
// category are answered from the cached copies (cached/[stamp]/services, cached/[stamp]/service-category).
export const dynamic = 'force-dynamic';

export async function generateMetadata({ searchParams }: { searchParams: ServicesSearchParams }): Promise<Metadata> {
  return servicesMetadata(await requestedCategory(searchParams));
}

export default async function ServicesPage({ searchParams }: { searchParams: ServicesSearchParams }) {
  return <ServicesView requested={await requestedCategory(searchParams)} />;
}
