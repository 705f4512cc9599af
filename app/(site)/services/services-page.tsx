import type { Metadata } from 'next';
import { CategoryFilter } from '@/components/services/category-filter';
import { ServiceCard } from '@/components/services/service-card';
import { PageHeader } from '@/components/ui/page-header';
import { Section } from '@/components/ui/section';
import type { ServiceCategoryInfoBody } from '@/lib/contract/catalogue';
import { getServiceDetail, listServiceCategories, listServices, serviceImages } from '@/lib/domain/catalogue/catalogue';
import { pageMetadata } from '@/lib/seo/metadata';

export type ServicesSearchParams = Promise<{ category?: string | string[] }>;

const DESCRIPTION =
  'Fixed-price diagnostics you can buy online, and quoted engagements that start with a call: find the constraint, exploit it, and keep it working.';

/** ?category= as typed: the first value, or null for all services. */
export async function requestedCategory(searchParams: ServicesSearchParams): Promise<string | null> {
  const value = (await searchParams).category;
  const category = Array.isArray(value) ? value[0] : value;
  return category ? category : null;
}

function findCategory(categories: ServiceCategoryInfoBody[], id: string | null) {
  return categories.find((category) => category.id === id) ?? null;
}

/** The metadata of /services, or of one category's view of it (`requested`, as typed). */
export async function servicesMetadata(requested: string | null): Promise<Metadata> {
  const { categories } = await listServiceCategories();
  const category = findCategory(categories, requested);
  if (!category) return pageMetadata({ title: 'Services', description: DESCRIPTION, path: '/services' });
  return pageMetadata({ title: `${category.name} services`, description: category.description, path: `/services?category=${category.id}` });
}

/** /services: every category, or the one `requested` (as typed; an unknown one is named in a notice). */
export async function ServicesView({ requested }: { requested: string | null }) {
  const [{ services }, { categories }, images] = await Promise.all([listServices({ limit: 100, offset: 0 }), listServiceCategories(), serviceImages()]);
  // The list item has no ctaType; the detail (same snapshot, no extra query) says how each is bought.
  const details = await Promise.all(services.map((service) => getServiceDetail(service.id)));
  const ctaTypes = new Map(details.map((detail) => [detail.id, detail.ctaType]));
  const selected = findCategory(categories, requested);
  const shown = selected ? [selected] : categories;

  return (
    <>
      <PageHeader
        eyebrow="Services"
        title="Start with the constraint"
        lead="Fixed-price diagnostics you can buy online, and quoted engagements that start with a conversation. Every one of them begins by finding what limits your output today."
      />
      <div className="mx-auto max-w-6xl px-4 pt-8">
        <CategoryFilter categories={categories} current={selected?.id ?? null} />
        {requested && !selected && (
          <p role="status" className="mt-4 rounded-md border border-line bg-surface p-4">
            There is no service category called “{requested.slice(0, 80)}”, so all services are shown.
          </p>
        )}
      </div>
      {shown.map((category) => {
        const inCategory = services.filter((service) => service.category === category.id);
        return (
          <Section key={category.id} id={`category-${category.id}`} title={category.name} intro={category.description}>
            {inCategory.length > 0 ? (
              <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {inCategory.map((service) => (
                  <ServiceCard key={service.id} service={service} ctaType={ctaTypes.get(service.id) ?? 'calendar'} image={images[service.id]} />
                ))}
              </ul>
            ) : (
              <p>No services in this category are open right now. Contact us and we will point you to the right one.</p>
            )}
          </Section>
        );
      })}
    </>
  );
}
