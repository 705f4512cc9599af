import Link from 'next/link';
import { formatMoney } from '@/lib/format';
import { listInsightsForStaff, listServicesForStaff } from '@/lib/domain/staff/content-editing';
import { requireStaff } from '@/lib/staff-web/current-staff';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Content' };

const StatusBadge = ({ status }: { status: string }) => (
  <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${status === 'draft' ? 'border-accent text-accent' : 'border-line text-ink-muted'}`}>{status}</span>
);

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
      <section aria-labelledby="insights-heading" className="mt-8">
        <h2 id="insights-heading" className="font-serif text-2xl font-semibold">Insights</h2>
        <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
          {insights.map((insight) => (
            <li key={insight.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <Link className="underline-offset-4 hover:underline" href={`/staff/content/insights/${insight.id}`}>
                {insight.title}
              </Link>
              <span className="flex items-center gap-3 text-sm">
                <StatusBadge status={insight.status} />
                <a className="underline" href={`/staff/preview?type=insight&id=${insight.id}`}>Preview</a>
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="services-heading" className="mt-10">
        <h2 id="services-heading" className="font-serif text-2xl font-semibold">Services</h2>
        <ul className="mt-4 divide-y divide-line rounded-lg border border-line bg-surface">
          {services.map((service) => (
            <li key={service.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <Link className="underline-offset-4 hover:underline" href={`/staff/content/services/${service.id}`}>
                {service.name}
              </Link>
              <span className="flex items-center gap-3 text-sm">
                {formatMoney(service.priceMinor / 100, service.currency)}
                <StatusBadge status={service.status} />
                <a className="underline" href={`/staff/preview?type=service&id=${service.id}`}>Preview</a>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
