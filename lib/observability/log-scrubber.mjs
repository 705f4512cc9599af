// The last look at every log line before it is written (the logger's streamWrite hook): what must never be stored in
// a log is replaced wherever it turned up, in a message, an error from a library (an SMTP server's "550 <address>:
// rejected", a Prisma invocation), or a field. The logger's own fields are chosen to hold none of it; this catches
// what comes from elsewhere.

// Each rule is [pattern, replacement, a text the line must hold for the rule to apply]. Every line of the log passes
// here, the access log's one per request, so a rule whose pattern is slow to rule out (the email rule tries each run of
// letters as an address's start: 4 µs on an access line) runs only on a line with its marker.
const RULES = [
  // Credentials in URLs: smtp://user:password@host, postgresql://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/:@"'<>]+:[^\s/@"'<>]+@/gi, '$1[credentials]@', '://'],
  // Stripe keys.
  [/\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9_]+/g, '[stripe-key]'],
  // Webhook signing secrets: Stripe's (whsec_ and base62) and our own (whsec_ and base64, lib/webhook-sender), whose
  // + / = a narrower class (or a \b, which fails before a secret starting with / or +) would let through.
  [/whsec_[A-Za-z0-9+/=_-]+/g, '[webhook-secret]'],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, '$1 [secret]'],
  // The secret tokens of checkout, report, booking and preview links (256 random bits, base64url: 43 characters),
  // wherever one turns up, in a path or an error message.
  [/(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g, '[token]'],
  // Email addresses.
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, '[email]', '@'],
  // Phone numbers. Each rule starts after no word character, dot, sign, slash, dash or (but for a +) colon, and ends
  // before none followed by a digit (a dot may end a sentence), so that dates (2026-11-25), times, versions,
  // addresses, ports and ids stay whole.
  // Internationally: +1 555 010 9999, +44 20 7946 0958, +49 30 1234567, +1.412.555.0199, +15550109999 (no country
  // code starts with 0, so a signed decimal +0.1234567 is not one).
  [/(?<![\w.+/-])\+[1-9](?:[ ().-]{0,2}\d){6,14}(?!\w|[.:-]\d)/g, '[phone]'],
  // In three groups: (555) 010-9999, (412)555-0199, 555-010-9999, 555 010 9999. Dates (2026-11-25) end in two digits.
  [/(?<![\w.+/:-])(?:\(\d{2,4}\)[ -]{0,2}|\d{2,4}[ -]{1,2})\d{2,4}[ -]\d{3,4}(?!\w|[.:-]\d)/g, '[phone]'],
  // North American with dots: 412.555.0199 (exactly 3.3.4, so neither a version nor a date like 26.11.2026).
  [/(?<![\w.+/:-])\d{3}\.\d{3}\.\d{4}(?!\w|[.:-]\d)/g, '[phone]'],
  // National numbers with a trunk 0: 030 1234567, 07700 900123, 030/1234567, 07700 900 123.
  [/(?<![\w.+/:-])0\d{2,4}[ /-](?:\d{5,8}|\d{3,4}[ -]\d{3,4})(?!\w|[.:-]\d)/g, '[phone]'],
];

// The secret values this process was configured with, replaced wherever they turn up whole, whatever their shape: an
// SMTP server that quotes the password it refused, an API error that echoes the key. User names are left (an address
// among them is caught as one); values shorter than 6 characters too, which would cut ordinary words apart.
const SECRET_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SESSION_SECRET', 'METRICS_TOKEN', 'CALENDAR_SECRET_KEY'];
const URL_VARIABLES = ['SMTP_URL', 'DATABASE_URL'];
const WATCHED_VARIABLES = [...SECRET_VARIABLES, ...URL_VARIABLES];
let configured = { key: null, values: [] };

function passwordOf(url) {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** The configured secrets of `env`, longest first, each also as it reads inside a JSON string when that differs. */
export function configuredSecrets(env = process.env) {
  const key = WATCHED_VARIABLES.map((name) => env[name] ?? '').join('\n');
  if (key === configured.key) return configured.values;
  const values = [...SECRET_VARIABLES.map((name) => env[name] ?? ''), ...URL_VARIABLES.map((name) => passwordOf(env[name] ?? ''))];
  const forms = new Set();
  for (const value of values.filter((candidate) => candidate.length >= 6)) forms.add(value).add(JSON.stringify(value).slice(1, -1));
  configured = { key, values: [...forms].sort((a, b) => b.length - a.length) };
  return configured.values;
}

/**
 * This process's configured secrets, read again at most once a second: a value set after the logger started (Next
 * loading .env files while it prepares) counts within a second, while a busy server's access log does not pay seven
 * variable reads a line (1.3 µs of the 3.3 a line costs here).
 */
const REREAD_SECRETS_MS = 1000;
let secretsReadAt = -Infinity;
let processSecrets = [];
function secretsOfProcess() {
  const now = performance.now();
  if (now - secretsReadAt >= REREAD_SECRETS_MS) {
    processSecrets = configuredSecrets();
    secretsReadAt = now;
  }
  return processSecrets;
}

/** Reads the configured secrets again at the next line (for code that has just changed the environment itself). */
export function rereadConfiguredSecrets() {
  secretsReadAt = -Infinity;
}

/** `line` with configured secrets, credentials, keys, email addresses and phone numbers replaced. */
export function scrubLogLine(line) {
  let scrubbed = line;
  for (const secret of secretsOfProcess()) if (scrubbed.includes(secret)) scrubbed = scrubbed.replaceAll(secret, '[secret]');
  for (const [pattern, replacement, marker] of RULES) if (marker === undefined || scrubbed.includes(marker)) scrubbed = scrubbed.replace(pattern, replacement);
  return scrubbed;
}

/**
 * A path with the secret tokens in it replaced, for a log line that must name a path before its route is known.
 * (The access log names the route template instead, which has no token at all.)
 */
export function pathWithoutTokens(path) {
  return path.replace(/^(\/(?:v1\/)?(?:checkout|reports|bookings|preview)\/)[^/?#]+/, '$1{token}').replace(/\?.*$/, '');
}
