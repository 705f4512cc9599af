import { listServiceCategories } from '@/lib/domain/catalogue';
import { getCompanyProfile } from '@/lib/domain/business';
import { listInsights } from '@/lib/domain/insights';

// Rendered per request from the in-process content snapshot (no database query on most requests).
export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const [company, { categories }, featured] = await Promise.all([
    getCompanyProfile(),
    listServiceCategories(),
    listInsights({ limit: 3, offset: 0, featured: true }),
  ]);
  return (
    <>
      <div className="mx-auto max-w-5xl px-4 py-12">
        <h1 className="font-serif text-4xl font-semibold leading-tight sm:text-5xl">{company.tagline}</h1>
        <p className="mt-6 max-w-2xl text-lg text-ink-muted">{company.description}</p>

        <section aria-labelledby="services-heading" className="mt-14">
          <h2 id="services-heading" className="font-serif text-2xl font-semibold">
            How we help
          </h2>
          <ul className="mt-6 grid gap-6 sm:grid-cols-3">
            {categories.map((category) => (
              <li key={category.id} className="rounded-lg border border-line bg-surface p-5">
                <h3 className="font-semibold">{category.name}</h3>
                <p className="mt-2 text-sm text-ink-muted">{category.description}</p>
                <p className="mt-3 text-sm">{category.serviceCount} services</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="insights-heading" className="mt-14">
          <h2 id="insights-heading" className="font-serif text-2xl font-semibold">
            Featured insights
          </h2>
          <ul className="mt-6 space-y-4">
            {featured.insights.map((insight) => (
              <li key={insight.id}>
                <h3 className="font-semibold">{insight.title}</h3>
                <p className="text-sm text-ink-muted">{insight.summary}</p>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
