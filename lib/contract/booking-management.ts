import { z } from 'zod';
import 'zod-openapi';
import { ServiceCategory } from './catalogue';
import { IsoDateTime } from './common';
import { BookingStatus, FutureDateTime } from './booking';

export const BookingTokenPath = z.object({
  token: z
    .string()
    .min(1)
    .max(200)
    .meta({ description: 'The management token from the booking confirmation (`manageUrl`) or from any email about the booking.' }),
});

export const ManagedBooking = z
  .object({
    id: z.string(),
    status: BookingStatus,
    scheduledTime: IsoDateTime.meta({ description: 'Start. For a `pending` request, the first time the booker suggested.' }),
    endTime: IsoDateTime,
    duration: z.int().meta({ description: 'Minutes.' }),
    consultantName: z.string().nullish(),
    meetingLink: z.string().nullish(),
    name: z.string(),
    confirmationEmail: z.email().meta({ description: 'Where every message about the booking goes.' }),
    context: z.string(),
    serviceType: ServiceCategory.nullish(),
    preferredTimes: z.array(IsoDateTime).meta({ description: 'The times the booker suggested, in their order (UTC).' }),
    cancellationDeadline: IsoDateTime.nullish().meta({
      description: 'Confirmed bookings: until when the booker may cancel or reschedule (24 hours before the start). Pending requests have none.',
    }),
    changeable: z.boolean().meta({
      description: 'Whether `cancel` and `reschedule` are open now: a pending request, or a confirmed booking before its deadline.',
    }),
    cancelledAt: IsoDateTime.nullish(),
    cancelledBy: z.enum(['visitor', 'staff']).nullish(),
    manageUrl: z.url().meta({ description: "The booker's page for this booking." }),
  })
  .meta({ id: 'ManagedBooking', title: 'ManagedBooking', description: 'A booking as its booker sees it through the management token.' });

export const BookingReschedule = z
  .object({
    preferredTimes: z
      .array(FutureDateTime)
      .min(1)
      .max(10)
      .meta({ description: 'New start times in order of preference: ISO 8601 with an offset, all in the future. The duration stays.' }),
  })
  .meta({ id: 'BookingReschedule', title: 'BookingReschedule' });

export const CancellationClosedError = z
  .object({
    detail: z.string(),
    code: z.literal('CANCELLATION_CLOSED'),
    cancellationDeadline: IsoDateTime.meta({ description: 'When online changes closed.' }),
    contactEmail: z.string().nullish().meta({ description: 'Write to the firm instead.' }),
    contactPhone: z.string().nullish().meta({ description: 'Or call.' }),
  })
  .meta({ id: 'CancellationClosedError', title: 'CancellationClosedError' });

export type ManagedBookingBody = z.input<typeof ManagedBooking>;
export type BookingRescheduleInput = z.output<typeof BookingReschedule>;
