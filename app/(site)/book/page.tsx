import Link from 'next/link';
import { DayPicker } from '@/components/booking/day-picker';
import { VisitorZoneSwitch } from '@/components/booking/visitor-zone-switch';
import { BookingForm } from '@/components/forms/booking-form';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { randomToken } from '@/lib/core/tokens';
import { bookingDays, withQuery } from '@/lib/site/booking-days';
import { displayZone, zoneName } from '@/lib/site/slot-days';
import { pageMetadata } from '@/lib/seo/metadata';
import { bookConsultationAction } from './actions';

export const dynamic = 'force-dynamic';

export const metadata = pageMetadata({
  title: 'Book a consultation',
  description: 'Pick a day and times that suit you from our consultants’ free slots; we confirm the first one that is still free.',
  path: '/book',
});

type Query = Promise<{ service?: string; day?: string; tz?: string }>;

export default async function BookPage({ searchParams }: { searchParams: Query }) {
  const query = await searchParams;
  const category = (SERVICE_CATEGORIES as readonly string[]).includes(query.service ?? '') ? query.service : undefined;
  const zone = displayZone(query.tz, config().FIRM_TIME_ZONE);
  const { days, chosen } = await bookingDays({ durationMinutes: 60, category, zone, day: query.day });
  return (
    <>
      <PageHeader
        eyebrow="Book"
        title="Book a consultation"
        lead="Choose a day, then one or more times that suit you. Each is a free hour on a consultant's calendar right now; we confirm the first that is still free when you send the form."
      />
      <VisitorZoneSwitch shownZone={zone} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {!chosen ? (
          <p role="status">
            Our consultants are fully booked for the next weeks.{' '}
            <Link className="underline" href="/contact">
              Send an inquiry
            </Link>{' '}
            and we will find a time.
          </p>
        ) : (
          <>
            <DayPicker
              days={days.map((d) => ({ date: d.date, shortLabel: d.shortLabel, slotCount: d.slots.length }))}
              chosen={chosen.date}
              hrefFor={(date) => withQuery('/book', { service: category, day: date, tz: query.tz })}
            />
            <BookingForm
              action={bookConsultationAction}
              submissionKey={randomToken(16)}
              slots={chosen.slots}
              timeZone={zone}
              zoneLabel={zoneName(zone)}
              dayLabel={chosen.label}
              serviceType={category}
            />
          </>
        )}
      </div>
    </>
  );
}
