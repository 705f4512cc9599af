import { z } from 'zod';
import packageJson from '../package.json';

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
  /** Public origin used in absolute links (discovery document, sitemap, canonical URLs). */
  SITE_URL: z.url().default('http://localhost:3000'),
  FIRM_TIME_ZONE: z.string().default('America/New_York'),
});

export type AppConfig = z.infer<typeof EnvSchema>;

let cached: AppConfig | undefined;

export function config(): AppConfig {
  cached ??= EnvSchema.parse(process.env);
  return cached;
}
