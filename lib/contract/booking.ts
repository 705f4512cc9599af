import { z } from 'zod';
import 'zod-openapi';
import { IsoDate, IsoDateTime } from './common';
import { ServiceCategory } from './catalogue';
import { pydanticIssue } from './pydantic-issue';

export const BOOKING_DURATION = { min: 15, max: 240, step: 15, default: 60 } as const;

export const Availability = z
  .object({
    available: z.boolean().meta({ description: 'Whether any consultation slot is free within the booking horizon.' }),
    nextAvailableDate: IsoDate.meta({
      description: 'Firm-local (America/New_York) date of the first free slot; when none is free, the day after the horizon.',
    }),
    consultantCount: z.int().nullish().meta({ description: 'Active consultants.' }),
    averageResponseTime: z
      .string()
      .nullish()
      .meta({
        description:
          'How long the firm takes to answer an inquiry, in business hours (Monday to Friday, 09:00 to 17:00 America/New_York, ' +
          'firm holidays excluded): the mean, over the inquiries answered in the last 90 days, of the time from arrival to the reply ' +
          'that kept the promised estimatedResponse, late replies included. Whole business hours below two business days ' +
          '("4 business hours"), whole business days from there ("3 business days"). With fewer than 10 replies in those 90 days, ' +
          'the firm\'s configured figure (default "4 business hours").',
      }),
  })
  .meta({ id: 'Availability', title: 'Availability' });

export const FutureDateTime = IsoDateTime.superRefine((value, ctx) => {
  if (Date.parse(value) <= Date.now()) ctx.addIssue(pydanticIssue('datetime_future', 'Input should be in the future'));
});

export const BookingRequest = z
  .object({
    name: z.string().min(1).max(200).regex(/\S/),
    email: z.email().max(254),
    phone: z.string().max(40).nullish(),
    preferredTimes: z
      .array(FutureDateTime)
      .min(1)
      .max(10)
      .meta({ description: 'Start times in order of preference: ISO 8601 with an offset (e.g. 2026-12-01T15:00:00-05:00), all in the future.' }),
    context: z.string().min(1).max(5000).regex(/\S/),
    serviceType: ServiceCategory.nullish(),
    duration: z
      .int()
      .min(BOOKING_DURATION.min)
      .max(BOOKING_DURATION.max)
      .multipleOf(BOOKING_DURATION.step)
      .nullish()
      .default(BOOKING_DURATION.default)
      .meta({ description: 'Length in minutes: 15 to 240, in steps of 15.' }),
  })
  .meta({ id: 'BookingRequest', title: 'BookingRequest' });

export const BOOKING_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export const BookingStatus = z.enum(BOOKING_STATUSES).meta({ id: 'BookingStatus', title: 'BookingStatus' });

export const BookingConfirmation = z
  .object({
    id: z.string(),
    status: BookingStatus,
    scheduledTime: IsoDateTime,
    consultantName: z.string().nullish(),
    meetingLink: z.string().nullish(),
    confirmationEmail: z.email().nullish(),
    cancellationDeadline: IsoDateTime.nullish(),
    manageUrl: z
      .url()
      .nullish()
      .meta({
        description:
          "The booker's own page for this booking (`/bookings/{token}`): see it, cancel it, move it. The token in it is the only key " +
          'to the booking; the same link is in every email about it.',
      }),
    manageApiUrl: z.string().nullish().meta({ description: 'The same booking for API clients: `/v1/bookings/{token}`.' }),
  })
  .meta({
    id: 'BookingConfirmation',
    title: 'BookingConfirmation',
    description:
      '`confirmed`: a consultant with matching expertise is free for the whole duration at the first such preferred time. ' +
      '`pending`: none was free; the request is stored and staff follow up, and `scheduledTime` is the first preferred time.',
  });

export type BookingRequestInput = z.output<typeof BookingRequest>;
export type BookingConfirmationBody = z.input<typeof BookingConfirmation>;
export type AvailabilityBody = z.input<typeof Availability>;
