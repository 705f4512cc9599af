import type { BusinessCalendar } from '../scheduling/business-time';
import { addBusinessHours, businessHoursPerDay } from '../scheduling/business-time';

/*
 * When each promise falls due. Pure: the calendar (business hours and the firm's closed days) and the clock are
 * passed in, so every rule is tested on every day of the week, on holidays and across a change of daylight saving
 * time. The inquiry reply is due at its estimatedResponse (lib/domain/inquiries/inquiries.ts), computed the same way.
 */

/**
 * A pending booking request is decided (confirmed or declined) within `businessHours` of the firm's time after it
 * was made, and never after the time the booker asked for: a decision after the meeting would have started decides
 * nothing.
 */
export function bookingDecisionDue(requestedAt: Date, requestedStart: Date, businessHours: number, calendar: BusinessCalendar): Date {
  const due = addBusinessHours(requestedAt, businessHours, calendar);
  return due < requestedStart ? due : requestedStart;
}

/**
 * A consultant-written report is due its service's delivery time after payment: `timelineMaxWeeks` weeks of five
 * business days ("within 5 business days of payment" for the one-week audits), counted in business hours, so a report
 * paid for on Tuesday at 14:00 is due the next Tuesday at 14:00 and one paid for at the weekend by Friday's close.
 */
export function reportDeliveryDue(paidAt: Date, timelineMaxWeeks: number, calendar: BusinessCalendar): Date {
  const businessDays = Math.max(1, timelineMaxWeeks) * 5;
  return addBusinessHours(paidAt, businessDays * businessHoursPerDay(calendar), calendar);
}

/** A website audit runs by itself within minutes; one still queued or running after `expectedMinutes` is stuck. */
export function websiteAuditDue(startedAt: Date, expectedMinutes: number): Date {
  return new Date(startedAt.getTime() + expectedMinutes * 60_000);
}
