import type { StaffActor, StaffArea } from '@/lib/domain/staff/roles';
import { mayAccess } from '@/lib/domain/staff/roles';

/** A part of /staff: where it lives, what it is called, what staff do there, and who may (by its area). */
interface StaffAreaLink {
  area: StaffArea;
  href: string;
  title: string;
  text: string;
}

/** Every part of /staff, in the order the navigation and the overview list them. */
const STAFF_AREAS: StaffAreaLink[] = [
  {
    area: 'content',
    href: '/staff/content',
    title: 'Content',
    text: 'Edit insights, services and prices, testimonials, FAQs, principles and tools, and the company profile as drafts; preview, share, schedule and publish.',
  },
  {
    area: 'content',
    href: '/staff/media',
    title: 'Media',
    text: 'Upload pictures, write their alt text, set a focal point; see where each is used, replace or delete it.',
  },
  {
    area: 'calendars',
    href: '/staff/content/consultants',
    title: 'Calendars',
    text: 'Consultants\u2019 working days, hours and holidays, which decide when visitors can book.',
  },
  {
    area: 'analytics',
    href: '/staff/analytics',
    title: 'Analytics',
    text: 'Visitors, pages and insights, where they came from, and the inquiries, bookings and purchases they led to.',
  },
  { area: 'inbox', href: '/staff/inquiries', title: 'Inquiries', text: 'Read what visitors sent and move each inquiry along.' },
  { area: 'inbox', href: '/staff/bookings', title: 'Bookings', text: 'Schedule pending consultation requests, cancel bookings.' },
  {
    area: 'reports',
    href: '/staff/reports',
    title: 'Reports',
    text: 'Write the local-visibility reports buyers paid for; watch the website audits, run a failed one again.',
  },
  {
    area: 'commitments',
    href: '/staff/promises',
    title: 'Promises',
    text: 'How well we keep what we promise people: the on-time rate by kind and week, the replies against the promise, the misses and why.',
  },
  { area: 'outbox', href: '/staff/outbox', title: 'Outbox', text: 'Every email the site sends, as sent. Send again what failed.' },
  { area: 'audit', href: '/staff/audit', title: 'Audit log', text: 'Who changed what, and when.' },
  { area: 'jobs', href: '/staff/jobs', title: 'Jobs', text: 'Work that runs after a request: payments, expiry sweeps. Retry what failed for good.' },
  {
    area: 'webhooks',
    href: '/staff/webhooks',
    title: 'Webhooks',
    text: 'Signed events for the CRM, Slack or accounting: where they go, what each receiver answered, and sending again.',
  },
  {
    area: 'system',
    href: '/staff/system',
    title: 'System',
    text: 'What the health check finds, the job runners and their heartbeats, the queue, and the incidents that sent alerts.',
  },
];

/** The parts of /staff this staff member's role may use. */
export function staffAreasOf(staff: Pick<StaffActor, 'role'>): StaffAreaLink[] {
  return STAFF_AREAS.filter((link) => mayAccess(staff, link.area));
}
