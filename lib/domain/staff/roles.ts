export const STAFF_ROLES = ['marketing', 'sales', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What each area of /staff needs. Admins may do everything. */
export const AREA_ROLES = {
  content: ['marketing', 'admin'],
  /** The consultants' working days, hours and holidays, which decide when visitors can book. */
  calendars: ['sales', 'admin'],
  inbox: ['sales', 'admin'],
  reports: ['sales', 'admin'],
  /** The promises made to people (replies, booking decisions, reports): owning them, the overview, /staff/promises. */
  commitments: ['sales', 'admin'],
  /** Every message the site sent or tried to send: the people who answer customers read them. */
  outbox: ['sales', 'admin'],
  /** Visitors, pages, insights and what they led to (/staff/analytics). */
  analytics: ['marketing', 'admin'],
  audit: ['admin'],
  jobs: ['admin'],
  /** Endpoints that receive signed webhooks: they decide where the firm's data goes, so admins only. */
  webhooks: ['admin'],
  /** The running site: health checks, job runners, incidents and their alerts. */
  system: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type StaffArea = keyof typeof AREA_ROLES;

export interface StaffActor {
  id: string;
  email: string;
  displayName: string;
  role: StaffRole;
}

export function mayAccess(actor: Pick<StaffActor, 'role'>, area: StaffArea): boolean {
  return (AREA_ROLES[area] as readonly StaffRole[]).includes(actor.role);
}
