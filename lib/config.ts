import { z } from 'zod';
import packageJson from '../package.json';
import { AllowedHostList } from './guarded-fetch/allowed-hosts';
import { isCalendarKey } from './calendars/secret-box-key';
import { parseTrustedProxies } from './http/client-address.mjs';
import { LOG_LEVELS } from './observability/logger.mjs';
import { isSingleMailbox } from './mail/mailbox';
import { MEDIA_SETTINGS } from './media-storage/media-settings';

/** An empty variable (`SMTP_URL=`) means unset, as shells and .env files write it. */
const unsetWhenEmpty = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/**
 * Environment, validated once at start-up so a typo fails loudly instead of at the first request.
 * Every variable is documented in docs/configuration.md.
 */
export const EnvSchema = z
  .object({
    /** `file:…` is an SQLite file (the default); `postgresql://…` (or `postgres://…`) a PostgreSQL database. */
    DATABASE_URL: z
      .string()
      .min(1)
      .regex(/^(file:|postgres(ql)?:\/\/)/i, 'DATABASE_URL must be a file: URL (SQLite) or a postgresql:// URL')
      .default('file:./data/app.db'),
    /** Release identifier that enters build_stamp; defaults to the package version. */
    APP_RELEASE: z.string().min(1).default(packageJson.version),
    /** How long (ms) an instance trusts its in-process content snapshot before re-checking the content revision. */
    CONTENT_REVALIDATE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** Public origin used in absolute links (payment pages, sitemap, canonical URLs); defaults to localhost:PORT. */
    SITE_URL: z.url().optional(),
    FIRM_TIME_ZONE: z.string().default('America/New_York'),
    /** Bookings start at least this many hours from now. */
    BOOKING_MIN_NOTICE_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 14)
      .default(24),
    /** Bookings start at most this many days ahead. */
    BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Availability.averageResponseTime while fewer than RESPONSE_TIME_MIN_REPLIES replies were kept in the last 90 days;
     * from then on it is computed from them (lib/domain/commitments/response-time.ts).
     */
    AVERAGE_RESPONSE_TIME: z.string().min(1).default('4 business hours'),
    /** Business hours staff have to confirm or decline a pending booking request (and never after the requested time). */
    BOOKING_DECISION_BUSINESS_HOURS: z.coerce.number().int().min(1).max(80).default(8),
    /** How long before its due time the owner of a commitment (or the firm inbox) is reminded, once. */
    COMMITMENT_REMINDER_LEAD_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /** How often the commitments watch looks for reminders to send and commitments missed (seconds). */
    COMMITMENT_CHECK_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
    /** How long a paid website audit may sit queued or running before its commitment is missed. */
    WEBSITE_AUDIT_EXPECTED_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** Confirmed consultations get a meeting room under this URL. */
    MEETING_BASE_URL: z.url().default('https://meet.throughlinepartners.com'),
    /** Payment provider behind checkout. `sandbox` is a hosted page inside this app; `stripe` is Stripe Checkout. */
    PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
    /** Stripe's secret API key (sk_live_… / sk_test_…); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_SECRET_KEY: unsetWhenEmpty(z.string()),
    /** The signing secret of the webhook endpoint (whsec_…); required with PAYMENT_PROVIDER=stripe. */
    STRIPE_WEBHOOK_SECRET: unsetWhenEmpty(z.string()),
    /** Origin of Stripe's API, for a local stand-in in tests and development, e.g. http://127.0.0.1:12111. */
    STRIPE_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
    /** Largest accepted request body, in bytes; larger bodies get 413 without being read. */
    MAX_BODY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(10 * 1024 * 1024)
      .default(64 * 1024),
    /**
     * Signs staff session cookies. Required with PostgreSQL (several instances share one database, so they must sign
     * alike); on SQLite `npm start` keeps a random one in data/ when unset.
     */
    SESSION_SECRET: unsetWhenEmpty(z.string().min(32)),
    /** Staff are signed out after this many minutes without activity. */
    STAFF_SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(30),
    /** `off` on web-only instances: `npm start` then serves pages and the API but runs no jobs. */
    JOB_RUNNER: z.enum(['on', 'off']).default('on'),
    /** `off` keeps V8's default heap sizing (read by server/lean-heap.mjs before anything loads; validated here). */
    LEAN_HEAP: z.enum(['on', 'off']).default('on'),
    /** Jobs one runner works on at once. */
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** How often an idle runner looks for due jobs (ms); work enqueued by the same `npm start` wakes it at once. */
    JOB_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
    /** How long a claimed job is held before another runner may take it over (ms); renewed while it runs. */
    JOB_LEASE_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
    /** On SIGTERM, how long running jobs may take to finish before they are handed back to the queue (ms). */
    JOB_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
    /**
     * Outgoing mail server, e.g. smtp://user:pass@host:587 (smtps: for implicit TLS). Unset: messages are still
     * rendered and kept in the outbox, but nothing is sent.
     */
    SMTP_URL: unsetWhenEmpty(z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be an smtp: or smtps: URL' })),
    /**
     * Sender of every message, `Name <address>` or a bare address. Unset: the firm's name and contact address from
     * the company profile, resolved when a message is rendered.
     */
    MAIL_FROM: unsetWhenEmpty(z.string().refine(isSingleMailbox, 'MAIL_FROM must be one mailbox, e.g. "Throughline Partners <hello@example.com>"')),
    /** Where notices to staff go (new inquiries). Unset: the company profile's contact email. */
    FIRM_INBOX_EMAIL: unsetWhenEmpty(z.email()),
    /** Where alerts about the running site go (one per incident, and its all-clear). Unset: FIRM_INBOX_EMAIL. */
    ALERT_EMAIL: unsetWhenEmpty(z.email()),
    /** The least important log lines written: fatal, error, warn, info (the default), debug, trace or silent. */
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /**
     * A separate listener for GET /metrics (Prometheus), on this port; unset (the default): none. Bound to
     * METRICS_HOST, 127.0.0.1 by default, so only the machine itself (or what it forwards) can scrape it.
     */
    METRICS_PORT: unsetWhenEmpty(z.coerce.number().int().min(1).max(65535)),
    METRICS_HOST: z.string().min(1).default('127.0.0.1'),
    /** Serve GET /metrics on the main port too, to requests with `Authorization: Bearer <this>` (16+ characters). */
    METRICS_TOKEN: unsetWhenEmpty(z.string().min(16)),
    /** /v1/health says `degraded` once the oldest due job has waited longer than this many seconds to start. */
    HEALTH_MAX_JOB_DELAY_S: z.coerce.number().int().min(1).max(86_400).default(300),
    /**
     * Comma-separated `host:port` entries the website offer audit may fetch although they are private or loopback
     * (tests, the firm's own staging sites), and only on that port. Empty by default: only public addresses on 80/443.
     */
    AUDIT_ALLOWED_HOSTS: AllowedHostList,
    /**
     * 32 random bytes, base64 (`openssl rand -base64 32`): encrypts consultants' calendar app passwords and feed
     * addresses at rest (AES-256-GCM). Required once any calendar is connected; the same on every instance.
     */
    CALENDAR_SECRET_KEY: unsetWhenEmpty(
      z.string().refine(isCalendarKey, 'CALENDAR_SECRET_KEY must be 32 random bytes in base64, e.g. from `openssl rand -base64 32`'),
    ),
    /** Like AUDIT_ALLOWED_HOSTS, for calendar servers and feeds: private or loopback `host:port` entries (tests, an intranet Nextcloud). */
    CALENDAR_ALLOWED_HOSTS: AllowedHostList,
    /** Every connected calendar is synced this often (minutes). */
    CALENDAR_SYNC_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 60)
      .default(5),
    /** A booking confirms a consultant with a calendar only on busy times at most this old (seconds); older ones are refreshed first. */
    CALENDAR_MAX_STALENESS_S: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 3600)
      .default(120),
    /**
     * Comma-separated `host:port` entries webhook endpoints may use although they are plain http, private or loopback
     * (tests, a receiver on the firm's own network or a developer's machine), and only on that port. Empty by default:
     * https to public addresses only.
     */
    WEBHOOK_ALLOWED_HOSTS: AllowedHostList,
    /** Requests per client per minute, counted by every instance together: every /v1 GET and HEAD. */
    RATE_LIMIT_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** And every POST: /v1 and the site's forms (the Stripe webhook is exempt). */
    RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /**
     * Comma-separated addresses or CIDR ranges of the reverse proxies whose X-Forwarded-For is believed (the web server
     * takes the right-most address that is not one of them). Empty: the client is the socket peer, whatever it claims.
     */
    TRUSTED_PROXY: z
      .string()
      .default('')
      .superRefine((value, context) => {
        try {
          parseTrustedProxies(value);
        } catch (error) {
          context.addIssue({ code: 'custom', message: `TRUSTED_PROXY: ${(error as Error).message}` });
        }
      }),
    /** `off`: no page view, beacon or conversion is counted (docs/analytics.md). */
    ANALYTICS: z.enum(['on', 'off']).default('on'),
    /** Days raw analytics events (page views, reading, conversions) are kept; the daily aggregates are kept for good. */
    ANALYTICS_RAW_DAYS: z.coerce.number().int().min(2).max(3650).default(30),
    /**
     * How often (ms) an instance writes the page views it counted to the database. Five seconds, as Plausible's write
     * buffer: identical views of a visitor in that time are one row, so a busy site writes several times fewer rows
     * than at one second (docs/performance.md, "Analytics"); SIGTERM writes what is held.
     */
    ANALYTICS_FLUSH_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
    /** On SIGTERM, how long requests in flight may take before the web server closes their connections (ms). */
    WEB_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    ...MEDIA_SETTINGS,
  })
  .superRefine((env, context) => {
    if (/^postgres/i.test(env.DATABASE_URL) && !env.SESSION_SECRET) {
      context.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message:
          'DATABASE_URL is PostgreSQL, which several instances may share: set SESSION_SECRET (32+ characters, the same on every instance) so each one accepts the staff sessions the others signed',
      });
    }
    if (env.MEDIA_STORAGE === 's3' && !env.MEDIA_S3_BUCKET) {
      context.addIssue({ code: 'custom', path: ['MEDIA_S3_BUCKET'], message: 'MEDIA_STORAGE=s3 needs MEDIA_S3_BUCKET (see docs/media.md)' });
    }
    if (env.PAYMENT_PROVIDER !== 'stripe') return;
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: `PAYMENT_PROVIDER=stripe needs ${name} (see docs/payments.md)` });
    }
  });

export type AppConfig = z.infer<typeof EnvSchema>;

/** A configuration mistake, worded for the operator who set the variables. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function parseEnvironment(env: NodeJS.ProcessEnv): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => (issue.code === 'custom' ? issue.message : `${issue.path.join('.')}: ${issue.message}`)));
}

let cached: AppConfig | undefined;

export function config(): AppConfig & { SITE_URL: string } {
  cached ??= parseEnvironment(process.env);
  return { ...cached, SITE_URL: (cached.SITE_URL ?? `http://localhost:${cached.PORT}`).replace(/\/$/, '') };
}
