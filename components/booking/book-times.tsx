'use client';

import type { ComponentProps } from 'react';
import { BookingForm } from '@/components/forms/booking-form';
import type { ShownDays } from '@/lib/site/days-in-zone';
import { withQuery } from '@/lib/site/with-query';
import { zoneName } from '@/lib/site/zone-format';
import { DayPicker } from './day-picker';
import { useVisitorZoneDays } from './use-visitor-zone-days';

/**
 * /book's day picker and booking form, in the visitor's own zone once the browser names it (see useVisitorZoneDays).
 * The day links then carry that zone, so the next day the server renders is in it too.
 */
export function BookTimes({
  server,
  starts,
  maxDays,
  address,
  action,
  submissionKey,
}: {
  server: ShownDays;
  starts: string[];
  maxDays: number;
  /** The page's address: the topic, and the day and zone asked for. */
  address: { service?: string; day?: string; tz?: string };
  action: ComponentProps<typeof BookingForm>['action'];
  submissionKey: string;
}) {
  const { zone, days, chosen } = useVisitorZoneDays({ server, starts, day: address.day, maxDays, zoneInAddress: Boolean(address.tz) });
  if (!chosen) return null;
  const tz = zone === server.zone ? address.tz : zone;
  return (
    <>
      <DayPicker days={days} chosen={chosen.date} hrefFor={(date) => withQuery('/book', { service: address.service, day: date, tz })} />
      <BookingForm
        action={action}
        submissionKey={submissionKey}
        slots={chosen.slots}
        timeZone={zone}
        zoneLabel={zoneName(zone)}
        dayLabel={chosen.label}
        serviceType={address.service}
      />
    </>
  );
}
