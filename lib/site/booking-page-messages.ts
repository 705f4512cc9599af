/**
 * What the booking page says after a form on it: the address carries only a code (never text), so a crafted link
 * cannot make the firm's page say something it did not.
 */
export const BOOKING_PAGE_ERRORS = {
  SLOT_UNAVAILABLE: 'That time was taken a moment ago, so your booking has not changed. Please choose another time.',
  CANCELLATION_CLOSED: 'Changes online have closed for this consultation. Please call or write to us instead.',
  BOOKING_CANCELLED: 'This booking is cancelled, so it cannot be moved. Book a new consultation instead.',
  BOOKING_CHANGED: 'Your booking changed a moment ago (perhaps in another window). Here it is as it is now; please try again.',
  CHOOSE_TIME: 'Choose a new time first.',
} as const;

export const BOOKING_PAGE_OUTCOMES = {
  cancelled: 'Your booking is cancelled. We have emailed you a confirmation.',
  moved: 'Your consultation has moved. We have emailed you the new time with an updated calendar invitation.',
  confirmed: 'One of your new times was free: your consultation is confirmed. The confirmation and calendar invitation are in your email.',
  requested: 'We have your new times. We will confirm one with you by email.',
} as const;

export type BookingPageError = keyof typeof BOOKING_PAGE_ERRORS;
export type BookingPageOutcome = keyof typeof BOOKING_PAGE_OUTCOMES;

export function bookingPageError(code: string | undefined): string | null {
  return code && Object.hasOwn(BOOKING_PAGE_ERRORS, code) ? BOOKING_PAGE_ERRORS[code as BookingPageError] : null;
}

export function bookingPageOutcome(code: string | undefined): string | null {
  return code && Object.hasOwn(BOOKING_PAGE_OUTCOMES, code) ? BOOKING_PAGE_OUTCOMES[code as BookingPageOutcome] : null;
}
