import type { Metadata } from 'next';
import { DetailList } from '@/components/checkout/detail-list';
import { NextStep } from '@/components/checkout/next-step';
import { VisitorZoneSwitch } from '@/components/booking/visitor-zone-switch';
import { RescheduleForm } from '@/components/booking/reschedule-form';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { config } from '@/lib/config';
import type { ManagedBookingBody } from '@/lib/contract/booking-management';
import { getCompanyProfile } from '@/lib/domain/business/business';
import { getManagedBooking } from '@/lib/domain/bookings/manage-booking';
import { SERVICE_CATEGORY_INFO } from '@/lib/domain/content/service-categories';
import { randomToken } from '@/lib/core/tokens';
import { bookingPageError, bookingPageOutcome } from '@/lib/site/booking-page-messages';
import { bookingDays } from '@/lib/site/booking-days';
import { withQuery } from '@/lib/site/with-query';
import { dateTimeInZone, displayZone } from '@/lib/site/slot-days';
import { timeLabel, zoneName } from '@/lib/site/zone-format';
import { orNotFound } from '@/lib/site/or-not-found';
import { cancelBookingFromPage, rescheduleBookingFromPage } from './actions';

export const dynamic = 'force-dynamic';

// The address holds the booking's key: never indexed, and never sent to another site as a Referer (the meeting host,
// say). `same-origin`, not `no-referrer`: a form posted without JavaScript must still carry its Origin, which Next
// checks on every server action.
export const metadata: Metadata = { title: 'Your booking', robots: { index: false, follow: false }, referrer: 'same-origin' };

type Params = Promise<{ token: string }>;
type Query = Promise<{ tz?: string; day?: string; done?: string; error?: string }>;

const HEADLINES: Record<ManagedBookingBody['status'], string> = {
  confirmed: 'Your consultation is booked',
  pending: 'We are finding a time for your consultation',
  cancelled: 'This consultation is cancelled',
};

function rows(booking: ManagedBookingBody, zone: string) {
  const when = `${dateTimeInZone(booking.scheduledTime, zone)} to ${timeLabel(booking.endTime, zone)}`;
  const topic = booking.serviceType ? SERVICE_CATEGORY_INFO[booking.serviceType].name : 'Any topic';
  return [
    { term: 'Status', value: booking.status, testId: 'booking-status' },
    { term: booking.status === 'pending' ? 'First time you suggested' : 'When', value: when, testId: 'booking-when' },
    { term: 'Length', value: `${booking.duration} minutes` },
    { term: 'Topic', value: topic },
    ...(booking.consultantName && booking.status === 'confirmed' ? [{ term: 'With', value: booking.consultantName }] : []),
    ...(booking.meetingLink
      ? [
          {
            term: 'Join',
            value: (
              <a className="break-all underline underline-offset-4" href={booking.meetingLink} rel="noreferrer">
                {booking.meetingLink}
              </a>
            ),
          },
        ]
      : []),
    { term: 'Name', value: booking.name },
    { term: 'Email', value: booking.confirmationEmail },
    { term: 'Reference', value: booking.id },
  ];
}

/** The booker's own page, reached from the link in every email: see the booking, cancel it, move it. */
export default async function ManageBookingPage({ params, searchParams }: { params: Params; searchParams: Query }) {
  const [{ token }, query] = await Promise.all([params, searchParams]);
  const booking = await orNotFound(getManagedBooking(token));
  const zone = displayZone(query.tz, config().FIRM_TIME_ZONE);
  const outcome = bookingPageOutcome(query.done);
  const problem = bookingPageError(query.error);
  // A missing choice is shown at the time list itself; every other refusal at the top.
  const fieldProblem = query.error === 'CHOOSE_TIME' ? (problem ?? undefined) : undefined;
  const hidden = { tz: query.tz, day: query.day };
  const deadline = booking.cancellationDeadline ? dateTimeInZone(booking.cancellationDeadline, zone) : null;
  const options = booking.changeable
    ? await bookingDays({
        durationMinutes: booking.duration,
        category: booking.serviceType,
        zone,
        day: query.day,
        movingBooking: { id: booking.id, start: booking.scheduledTime },
      })
    : null;
  const contact = (await getCompanyProfile()).contact;
  return (
    <>
      <PageHeader
        eyebrow="Your booking"
        title={HEADLINES[booking.status]}
        lead={<p>Times on this page are in {zoneName(zone)} time. Keep this page private: its address is the key to your booking.</p>}
      />
      <VisitorZoneSwitch shownZone={zone} />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {outcome && (
          <p role="status" className="rounded-md border border-line bg-surface p-4" data-testid="booking-outcome">
            {outcome}
          </p>
        )}
        {problem && !fieldProblem && (
          <p role="alert" className="rounded-md border border-danger p-4 text-danger" data-testid="booking-problem">
            {problem}
          </p>
        )}
        <DetailList rows={rows(booking, zone)} />

        {booking.status === 'cancelled' && (
          <NextStep title="Book another time">
            <p>Whenever you want to pick it up again, the booking page shows every free time.</p>
            <ButtonLink href="/book">Book a consultation</ButtonLink>
          </NextStep>
        )}

        {booking.status !== 'cancelled' && !booking.changeable && (
          <NextStep title="Need to change it?">
            <p data-testid="changes-closed">
              Changes online closed at {deadline}, 24 hours before the consultation. To cancel or move it, please{' '}
              {contact?.phone ? (
                <>
                  call us on{' '}
                  <a className="underline underline-offset-4" href={`tel:${contact.phone.replace(/\s/g, '')}`}>
                    {contact.phone}
                  </a>{' '}
                  or{' '}
                </>
              ) : null}
              write to{' '}
              <a className="underline underline-offset-4" href={`mailto:${contact?.email ?? ''}`}>
                {contact?.email}
              </a>
              , quoting reference {booking.id}.
            </p>
          </NextStep>
        )}

        {booking.changeable && options && (
          <>
            <section aria-labelledby="move-heading" className="space-y-4">
              <h2 id="move-heading" className="font-serif text-2xl font-semibold">
                {booking.status === 'pending' ? 'Suggest another time' : 'Move it to another time'}
              </h2>
              <p className="text-ink-muted">
                {booking.status === 'pending'
                  ? 'If one of our consultants is free then, your consultation is confirmed at once; if not, we keep it as your new suggestion.'
                  : `You can move or cancel it until ${deadline}.`}
              </p>
              <RescheduleForm
                action={rescheduleBookingFromPage.bind(null, token)}
                days={options.days}
                chosen={options.chosen}
                hrefFor={(date) => withQuery(`/bookings/${encodeURIComponent(token)}`, { tz: query.tz, day: date })}
                zoneLabel={zoneName(zone)}
                hidden={hidden}
                submissionKey={randomToken(16)}
                error={fieldProblem}
              />
            </section>
            <section aria-labelledby="cancel-heading" className="space-y-4">
              <h2 id="cancel-heading" className="font-serif text-2xl font-semibold">
                {booking.status === 'pending' ? 'Withdraw your request' : 'Cancel it'}
              </h2>
              <form action={cancelBookingFromPage.bind(null, token)}>
                {query.tz && <input type="hidden" name="tz" value={query.tz} />}
                <button type="submit" className="rounded-md border border-danger px-5 py-3 font-semibold text-danger">
                  {booking.status === 'pending' ? 'Withdraw my request' : 'Cancel my consultation'}
                </button>
              </form>
            </section>
          </>
        )}
      </div>
    </>
  );
}
