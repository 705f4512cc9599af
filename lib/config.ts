import { z } from 'zod';
import packageJson from '../package.json';
import { AllowedHostList } from './audit/allowed-hosts';

/**
 * Environment, validated once at start-up so a typo fails loudly instead of at the first request.
 * Every variable is documented in the README's configuration table.
 */
const EnvSchema = z.object({
  DATABASE_URL: z.string().min(1).default('file:./data/app.db'),
  /** Release identifier that enters build_stamp; defaults to the package version. */
  APP_RELEASE: z.string().min(1).default(packageJson.version),
  /** How long (ms) an instance trusts its in-process content snapshot before re-checking the content revision. */
  CONTENT_REVALIDATE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public origin used in absolute links (payment pages, sitemap, canonical URLs); defaults to localhost:PORT. */
  SITE_URL: z.url().optional(),
  FIRM_TIME_ZONE: z.string().default('America/New_York'),
  /** Bookings start at least this many hours from now. */
  BOOKING_MIN_NOTICE_HOURS: z.coerce.number().int().min(0).max(24 * 14).default(24),
  /** Bookings start at most this many days ahead. */
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Shown as Availability.averageResponseTime. */
  AVERAGE_RESPONSE_TIME: z.string().min(1).default('4 business hours'),
  /** Confirmed consultations get a meeting room under this URL. */
  MEETING_BASE_URL: z.url().default('https://meet.throughlinepartners.com'),
  /** Payment provider behind checkout. `sandbox` is a hosted page inside this app. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Largest accepted request body, in bytes; larger bodies get 413 without being read. */
  MAX_BODY_BYTES: z.coerce.number().int().min(1024).max(10 * 1024 * 1024).default(64 * 1024),
  /** Signs staff session cookies. Required in production; `npm start` creates one in data/ when unset. */
  SESSION_SECRET: z.string().min(32).optional(),
  /** Staff are signed out after this many minutes without activity. */
  STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(30),
  /**
   * Comma-separated `host:port` entries the website offer audit may fetch although they are private or loopback
   * (tests, the firm's own staging sites), and only on that port. Empty by default: only public addresses on 80/443.
   */
  AUDIT_ALLOWED_HOSTS: AllowedHostList,
});

export type AppConfig = z.infer<typeof EnvSchema>;

let cached: AppConfig | undefined;

export function config(): AppConfig & { SITE_URL: string } {
  cached ??= EnvSchema.parse(process.env);
  return { ...cached, SITE_URL: (cached.SITE_URL ?? `http://localhost:${cached.PORT}`).replace(/\/$/, '') };
}
