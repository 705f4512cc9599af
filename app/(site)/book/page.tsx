import Link from 'next/link';
import { BookTimes } from '@/components/booking/book-times';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import { SERVICE_CATEGORIES } from '@/lib/contract/catalogue';
import { randomToken } from '@/lib/core/tokens';
import { bookingDays, DAYS_SHOWN } from '@/lib/site/booking-days';
import { displayZone } from '@/lib/site/slot-days';
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
  const { starts, ...shown } = await bookingDays({ durationMinutes: 60, category, zone, day: query.day });
  return (
    <>
      <PageHeader
        eyebrow="Book"
        title="Book a consultation"
        lead="Choose a day, then one or more times that suit you. Each is a free hour on a consultant's calendar right now; we confirm the first that is still free when you send the form."
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {!shown.chosen ? (
          <p role="status">
            Our consultants are fully booked for the next weeks.{' '}
            <Link className="underline" href="/contact">
              Send an inquiry
            </Link>{' '}
            and we will find a time.
          </p>
        ) : (
          <BookTimes
            server={shown}
            starts={starts}
            maxDays={DAYS_SHOWN}
            address={{ service: category, day: query.day, tz: query.tz }}
            action={bookConsultationAction}
            submissionKey={randomToken(16)}
          />
        )}
      </div>
    </>
  );
}
