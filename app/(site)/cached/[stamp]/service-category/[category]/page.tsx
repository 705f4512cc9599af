import { ServicesView, servicesMetadata } from '../../../../services/services-page';

type Params = Promise<{ category: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  return servicesMetadata((await params).category);
}

export default async function CachedServiceCategoryPage({ params }: { params: Params }) {
  return <ServicesView requested={(await params).category} />;
}
export { renderOnFirstRequest as generateStaticParams } from '@/lib/page-cache/render-on-first-request';
