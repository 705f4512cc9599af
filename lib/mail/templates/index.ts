// Every message the firm sends, one pure function each: (data, context) → RenderedMessage.
export { inquiryAcknowledgement } from './inquiry-acknowledgement';
export { inquiryNotice } from './inquiry-notice';
export { bookingConfirmed } from './booking-confirmed';
export { bookingRequested } from './booking-requested';
export { bookingChanged } from './booking-changed';
export { bookingCancelled } from './booking-cancelled';
export { checkoutReceipt } from './checkout-receipt';
export { reportReady } from './report-ready';
export { reportFailedNotice } from './report-failed-notice';
export type { InquiryMailData, Urgency } from './inquiry-data';
export type { BookingMailData, ConfirmedBookingMailData } from './booking-data';
export type { BookingRequestMailData } from './booking-requested';
export type { BookingChangeMailData } from './booking-changed';
export type { BookingCancellationMailData } from './booking-cancelled';
export type { CheckoutReceiptMailData } from './checkout-receipt';
export type { ReportReadyMailData } from './report-ready';
export type { ReportFailedMailData } from './report-failed-notice';
