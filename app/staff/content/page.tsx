import Link from 'next/link';
import { formatMoney } from '@/lib/format';
import { listInsightsForStaff, listServicesForStaff } from '@/lib/domain/staff/content-editing';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { ContentList } from './content-list';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Content' };

export default async function ContentIndex() {
  await requireStaff('content', '/staff/content');
  const [insights, services] = await Promise.all([listInsightsForStaff(), listServicesForStaff()]);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Content</h1>
        <Link className="rounded-md bg-accent px-4 py-2 font-semibold text-paper hover:bg-accent-strong" href="/staff/content/insights/new">
          New insight
        </Link>
      </div>
      <ContentList
        id="insights"
        title="Insights"
        items={insights.map((insight) => ({ type: 'insight', id: insight.id, title: insight.title, status: insight.status }))}
      />
      <ContentList
        id="services"
        title="Services"
        items={services.map((service) => ({
          type: 'service',
          id: service.id,
          title: service.name,
          status: service.status,
          extra: formatMoney(service.priceMinor / 100, service.currency),
        }))}
      />
    </>
  );
}
