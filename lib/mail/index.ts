// The email library: render at enqueue time, store the RenderedMessage as JSON, deliver it later.
export * from './templates';
export { RenderedMessage, MAIL_KINDS, type MailKind, type CalendarMethod } from './rendered-message';
export { mailSettings, type MailContext, type MailSettings, type MailEnvironment, type FirmBranding } from './mail-context';
export { mailbox, parseMailbox, isValidEmail, UnsafeAddressError, type MailAddress } from './mailbox';
export { messageIdFor } from './message-id';
export { bookingUid, calendarInvite } from './calendar-invite';
export { createMailTransport, SMTP_TIMEOUTS, type MailTransport } from './transport';
export { sharedMailTransport } from './shared-transport';
export { deliver, type DeliveryReceipt } from './deliver';
export { MailDeliveryError } from './delivery-error';
