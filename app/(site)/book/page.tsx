import { BookingForm } from '@/components/forms/booking-form';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { listFreeSlots } from '@/lib/domain/booking';
import { randomToken } from '@/lib/domain/tokens';
import { pageMetadata } from '@/lib/seo/metadata';
import { bookConsultationAction } from './actions';

export const dynamic = 'force-dynamic';

export const metadata = pageMetadata({
  title: 'Book a consultation',
  description: 'Pick times that suit you from our consultants’ free slots; we confirm the first one that is still free.',
  path: '/book',
});

/** Enough choice without a wall of checkboxes: the first days that have free time. */
const DAYS_SHOWN = 5;

export default async function BookPage({ searchParams }: { searchParams: Promise<{ service?: string }> }) {
  const { service } = await searchParams;
  const category = (SERVICE_CATEGORIES as readonly string[]).includes(service ?? '') ? service : undefined;
  const slots = await listFreeSlots({ durationMinutes: 60, category });
  const zone = config().FIRM_TIME_ZONE;
  const dayOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(iso));
  const days = [...new Set(slots.map((slot) => dayOf(slot.start)))].slice(0, DAYS_SHOWN);
  const shown = slots.filter((slot) => days.includes(dayOf(slot.start)));
  return (
    <>
      <PageHeader
        eyebrow="Book"
        title="Book a consultation"
        lead="Choose one or more times that suit you. Each is a free hour on a consultant's calendar right now; we confirm the first that is still free when you send the form."
      />
      <div className="mx-auto max-w-3xl px-4 py-12">
        {shown.length === 0 ? (
          <p role="status">
            Our consultants are fully booked for the next weeks. <a className="underline" href="/contact">Send an inquiry</a> and we will find a time.
          </p>
        ) : (
          <BookingForm
            action={bookConsultationAction}
            submissionKey={randomToken(16)}
            slots={shown.map(({ start, consultantCount }) => ({ start, consultantCount }))}
            firmTimeZone={zone}
            serviceType={category}
          />
        )}
      </div>
    </>
  );
}
