/** Outbox ids become the left part of a Message-ID, so they must be plain dot-atom text. */
const SAFE_ID = /^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/;

/**
 * The Message-ID of the message stored in outbox row `outboxId`, e.g. `<out_abc123@throughlinepartners.com>`.
 * Stable: a retry after an unclear failure sends the same id, and mail clients show the two copies as one.
 */
export function messageIdFor(outboxId: string, siteUrl: string): string {
  if (!SAFE_ID.test(outboxId) || outboxId.length > 200) throw new Error(`Outbox id unusable in a Message-ID: ${JSON.stringify(outboxId)}`);
  return `<${outboxId}@${siteHost(siteUrl)}>`;
}

/** The host name of the site (no port), which also scopes calendar UIDs. */
export function siteHost(siteUrl: string): string {
  return new URL(siteUrl).hostname;
}
