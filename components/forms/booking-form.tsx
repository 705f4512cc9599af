'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { FormErrorSummary, SelectField, TextArea, TextField } from '@/components/ui/form-field';
import type { BookingConfirmationBody } from '@/lib/contract/booking';
import type { FormState } from '@/lib/forms/form-state';
import { initialFormState } from '@/lib/forms/form-state';
import type { Slot } from './slot-picker';
import { SlotPicker } from './slot-picker';

type Action = (state: FormState<BookingConfirmationBody>, data: FormData) => Promise<FormState<BookingConfirmationBody>>;

const CATEGORIES = [
  { value: 'constraint-analysis', label: 'Constraint analysis' },
  { value: 'offer-analysis', label: 'Offer analysis' },
  { value: 'implementation-support', label: 'Implementation support' },
] as const;

const DURATIONS = [
  { value: '30', label: '30 minutes' },
  { value: '60', label: '60 minutes' },
  { value: '90', label: '90 minutes' },
] as const;

function Confirmation({ booking, timeZone }: { booking: BookingConfirmationBody; timeZone: string }) {
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone }).format(new Date(booking.scheduledTime));
  return (
    <div role="status" className="rounded-lg border border-line bg-surface p-6">
      {booking.status === 'confirmed' ? (
        <>
          <h2 className="font-serif text-2xl font-semibold">Your consultation is confirmed</h2>
          <p className="mt-3">
            <strong data-testid="booking-time">{when}</strong> ({timeZone.replace(/_/g, ' ')} time) with {booking.consultantName}.
          </p>
          {booking.meetingLink && (
            <p className="mt-2">
              Meeting link:{' '}
              <a className="underline" href={booking.meetingLink}>
                {booking.meetingLink}
              </a>
            </p>
          )}
          <p className="mt-2 text-ink-muted">
            A confirmation with a calendar invitation goes to {booking.confirmationEmail}. You can cancel or move it free of charge until 24 hours before.
          </p>
        </>
      ) : (
        <>
          <h2 className="font-serif text-2xl font-semibold">We have your request</h2>
          <p className="mt-3">
            We could not confirm any of your times automatically, so a consultant will propose a time by email to {booking.confirmationEmail}.
          </p>
        </>
      )}
      {booking.manageUrl && (
        <p className="mt-3">
          <a className="underline underline-offset-4" href={booking.manageUrl} data-testid="manage-link">
            See, move or cancel your booking
          </a>{' '}
          <span className="text-ink-muted">(the same link is in the email)</span>
        </p>
      )}
      <p className="mt-3 text-sm text-ink-muted">
        Reference: <span data-testid="booking-id">{booking.id}</span> · Status: <span data-testid="booking-status">{booking.status}</span>
      </p>
    </div>
  );
}

export function BookingForm({
  action,
  submissionKey,
  slots,
  timeZone,
  zoneLabel,
  dayLabel,
  serviceType,
}: {
  action: Action;
  submissionKey: string;
  /** The free times of the chosen day. */
  slots: Slot[];
  /** The zone the page shows times in (the visitor's once their browser said so), and how it is named. */
  timeZone: string;
  zoneLabel: string;
  dayLabel: string;
  serviceType?: string;
}) {
  const [state, formAction, pending] = useActionState(action, initialFormState<BookingConfirmationBody>());
  if (state.status === 'success') return <Confirmation booking={state.result} timeZone={timeZone} />;
  const { values, errors } = state;
  return (
    <form action={formAction} noValidate className="space-y-6">
      <FormErrorSummary errors={errors} />
      <input type="hidden" name="submissionKey" value={submissionKey} />
      <SlotPicker
        slots={slots}
        zoneLabel={zoneLabel}
        dayLabel={dayLabel}
        chosen={new Set((values.preferredTimes ?? '').split('\n'))}
        error={errors.preferredTimes}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField name="serviceType" label="Topic" options={CATEGORIES} defaultValue={values.serviceType ?? serviceType} error={errors.serviceType} />
        <SelectField name="duration" label="Length" options={DURATIONS} defaultValue={values.duration ?? '60'} error={errors.duration} />
        <TextField name="name" label="Your name" required autoComplete="name" maxLength={200} defaultValue={values.name} error={errors.name} />
        <TextField name="email" label="Email" type="email" required autoComplete="email" defaultValue={values.email} error={errors.email} />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" maxLength={40} defaultValue={values.phone} error={errors.phone} />
      </div>
      <TextArea
        name="context"
        label="What would you like to discuss?"
        required
        rows={4}
        maxLength={5000}
        defaultValue={values.context}
        error={errors.context}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Booking…' : 'Request consultation'}
      </Button>
    </form>
  );
}
