import { InquiryForm } from '@/components/forms/inquiry-form';
import { PageHeader } from '@/components/ui/page-header';
import { listServices } from '@/lib/domain/catalogue/catalogue';
import { randomToken } from '@/lib/core/tokens';
import { pageMetadata } from '@/lib/seo/metadata';
import { submitInquiryAction } from './actions';

// Each rendering carries its own submission key, so the page is rendered per request.
export const dynamic = 'force-dynamic';

export const metadata = pageMetadata({
  title: 'Contact us',
  description: 'Tell us where work piles up. A consultant replies within one business day, within four business hours for critical issues.',
  path: '/contact',
});

export default async function ContactPage({ searchParams }: { searchParams: Promise<{ service?: string }> }) {
  const [{ services }, { service }] = await Promise.all([listServices({ limit: 100, offset: 0 }), searchParams]);
  return (
    <>
      <PageHeader
        eyebrow="Contact"
        title="Tell us where work piles up"
        lead="Describe the constraint you suspect, or just the symptoms. A consultant reads every inquiry and replies in person."
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        <InquiryForm
          action={submitInquiryAction}
          submissionKey={randomToken(16)}
          services={services.map((s) => ({ id: s.id, name: s.name }))}
          // "Request a quote" on a service page arrives with ?service=<id>: start with it ticked.
          preselected={services.some((s) => s.id === service) ? service : undefined}
        />
      </div>
    </>
  );
}
