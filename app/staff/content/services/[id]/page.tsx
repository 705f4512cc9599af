import { getServiceForStaff } from '@/lib/domain/staff/content-editing';
import { orNotFound } from '@/lib/site/or-not-found';
import { requireStaff } from '@/lib/staff-web/current-staff';
import { saveServiceAction } from '../../actions';
import { SavedNotice } from '../../saved-notice';
import { ServiceEditor } from '../../service-editor';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Edit service' };

export default async function EditServicePage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ saved?: string }> }) {
  const { id } = await params;
  await requireStaff('content', `/staff/content/services/${id}`);
  const service = await orNotFound(getServiceForStaff(id));
  return (
    <>
      <h1 className="font-serif text-3xl font-semibold">{service.name}</h1>
      <p className="mt-2 text-ink-muted">
        Status: <strong data-testid="content-status">{service.status}</strong>
      </p>
      <SavedNotice saved={(await searchParams).saved} previewHref={`/staff/preview?type=service&id=${service.id}`} />
      <div className="mt-8">
        <ServiceEditor
          save={saveServiceAction.bind(null, service.id)}
          initial={{
            name: service.name,
            description: service.description,
            price: String(service.priceMinor / 100),
            priceGuarantee: service.priceGuarantee ?? '',
            timelineDescription: service.timelineDescription,
          }}
        />
      </div>
    </>
  );
}
