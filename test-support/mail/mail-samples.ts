import type {
  BookingCancellationMailData,
  BookingChangeMailData,
  BookingRequestMailData,
  CheckoutReceiptMailData,
  CommitmentMailData,
  ConfirmedBookingMailData,
  InquiryMailData,
  MissedCommitmentMailData,
  PromisesDigestMailData,
  ReportFailedMailData,
  ReportReadyMailData,
  WebhookEndpointDisabledMailData,
  SystemAlertMailData,
} from '../../lib/mail/templates';

// Sample data for each mail template, as a visitor or buyer would give it; tests change one field at a time. Import
// them as a namespace: `samples.inquiry`.

export const inquiry: InquiryMailData = {
  inquiryId: 'inq_7Qm2x',
  supportTicket: 'TOC-2026-00042',
  companyName: 'Allegheny Castings',
  contactName: 'Rosa Diaz',
  email: 'rosa@allegheny.example',
  phone: '+1 412 555 0199',
  problemDescription: 'Heat treat runs overtime while assembly waits.\nWe ship 60% of orders late.',
  industry: 'Metal casting',
  organizationSize: 'medium',
  urgency: 'high',
  preferredServices: ['Operations Constraint Diagnostic'],
  budget: { min: 20000, max: 45000, currency: 'USD' },
  timeline: 'Before Q2',
  submittedAt: '2026-11-20T14:30:00Z',
  estimatedResponse: '2026-11-23T17:30:00Z',
};

export const confirmedBooking: ConfirmedBookingMailData = {
  bookingId: 'bkg_K3v9',
  manageToken: 'mgT0k3n_abc',
  name: 'Sam Okoye',
  email: 'sam@ridgeline.example',
  context: 'Packaging line bottleneck; changeovers, mostly, and a backlog of 3,000 cases',
  serviceType: 'Operations',
  start: '2026-12-01T15:00:00Z',
  end: '2026-12-01T16:00:00Z',
  sequence: 0,
  consultantName: 'Daniel Reyes',
  meetingLink: 'https://meet.throughlinepartners.com/r00m42',
  cancellationDeadline: '2026-11-30T15:00:00Z',
};

export const pendingBooking: BookingRequestMailData = {
  ...confirmedBooking,
  preferredTimes: ['2026-12-01T15:00:00Z', '2026-12-02T19:00:00Z'],
  confirmBy: '2026-11-23T22:00:00Z',
};

export const bookingChange: BookingChangeMailData = {
  ...confirmedBooking,
  start: '2026-12-02T19:00:00Z',
  end: '2026-12-02T20:00:00Z',
  cancellationDeadline: '2026-12-01T19:00:00Z',
  sequence: 1,
  previous: { start: '2026-12-01T15:00:00Z', end: '2026-12-01T16:00:00Z' },
  changedBy: 'visitor',
};

export const bookingCancellation: BookingCancellationMailData = {
  ...confirmedBooking,
  sequence: 2,
  cancelledBy: 'visitor',
  wasConfirmed: true,
};

export const paidCheckout: CheckoutReceiptMailData = {
  to: { name: 'Lena Park', email: 'lena@northgate.example' },
  checkoutToken: 'ck_t0ken',
  serviceName: 'Website Offer Audit',
  amount: 1450,
  currency: 'USD',
  paidAt: '2026-11-20T16:05:00Z',
  reportToken: 'rp_t0ken',
};

export const readyReport: ReportReadyMailData = {
  to: { name: 'Lena Park', email: 'lena@northgate.example' },
  reportToken: 'rp_t0ken',
  serviceName: 'Website Offer Audit',
  findingCounts: { critical: 1, major: 3, minor: 2, info: 1 },
};

export const failedReport: ReportFailedMailData = {
  reportToken: 'rp_t0ken',
  serviceName: 'Website Offer Audit',
  failureReason: 'The page at https://northgate.example/offer did not answer within 20 seconds.',
  buyerEmail: 'lena@northgate.example',
};

export const disabledWebhookEndpoint: WebhookEndpointDisabledMailData = {
  to: { name: 'Priya Natarajan', address: 'priya@throughlinepartners.com' },
  endpointId: 'whe_t1',
  url: 'https://hooks.northgate.example/throughline',
  description: 'CRM',
  reason: 'It answered 410 Gone on 27 Nov 2026, 10:00: the receiver asked not to be sent anything more.',
};

export const systemAlert: SystemAlertMailData = {
  check: 'jobRunner',
  summary: 'No job runner has sent a heartbeat for 45 s: payments, email and reports are not being processed.',
  since: '2026-11-20T16:05:00Z',
  count: 0,
};

export const salesOwner = { name: 'Dana Reyes', address: 'dana@throughlinepartners.com' };
export const admin = { name: 'Margaret Okafor', address: 'margaret@throughlinepartners.com' };

/** Rosa's reply, owned by Dana, due 45 minutes after TEST_NOW. */
export const commitment: CommitmentMailData = {
  kindLabel: 'Inquiry reply',
  promise: 'Reply to inquiry TOC-2026-00042',
  person: 'Rosa Diaz, Allegheny Castings',
  dueAt: '2026-11-20T12:45:00Z',
  requestedStart: null,
  ownerName: 'Dana Reyes',
  staffPath: '/staff/inquiries/inq_7Qm2x',
};

export const missedCommitment: MissedCommitmentMailData = {
  ...commitment,
  dueAt: '2026-11-20T11:25:00Z',
  missReason: 'Assigned to Dana Reyes; no reply was logged and the inquiry was still submitted at the due time.',
};

export const promisesDigest: PromisesDigestMailData = {
  weekLabel: '9 to 15 November 2026',
  rows: [
    { label: 'Inquiry replies', made: 14, keptOnTime: 12, keptLate: 1, missed: 1 },
    { label: 'Booking decisions', made: 3, keptOnTime: 3, keptLate: 0, missed: 0 },
    { label: 'Consultant reports', made: 1, keptOnTime: 0, keptLate: 1, missed: 0 },
    { label: 'Website audits', made: 2, keptOnTime: 2, keptLate: 0, missed: 0 },
  ],
  onTimeRate: 17 / 20,
  worstMisses: [
    {
      promise: 'Deliver the Local Visibility Audit of Sunrise Plumbing, Erie',
      person: 'Joe Marsh',
      dueAt: '2026-11-12T17:00:00Z',
      late: 'kept 1 d 3 h late',
      reason: 'Sam Lee was still writing the report at the due time.',
    },
  ],
};
