import { config } from '@/lib/config';
import type { ResolveHost, TargetPolicy } from '../guarded-fetch/fetch-target';
import { isAllowListed, resolveTarget, targetPolicy } from '../guarded-fetch/fetch-target';
import { SafeFetchError } from '../guarded-fetch/safe-fetch-error';
import { untilAborted } from '../guarded-fetch/deadline';
import { WEBHOOK_TIMEOUT_MS } from './delivery-limits';
import { describeSendFailure } from './send-failure';

/** Longest endpoint address accepted. */
export const MAX_WEBHOOK_URL_LENGTH = 2000;

export interface WebhookTargetOptions {
  /** `host:port` entries that may be plain http, private or loopback; default WEBHOOK_ALLOWED_HOSTS. */
  allowedHosts?: readonly string[];
  /** Default: the system resolver. Tests answer with addresses of their choosing. */
  resolveHost?: ResolveHost;
}

/** Receivers choose their port; what protects the firm's network is the address rule, which every port keeps. */
export function webhookPolicy(options: WebhookTargetOptions = {}): TargetPolicy {
  return targetPolicy(options.allowedHosts ?? config().WEBHOOK_ALLOWED_HOSTS, { allowedPorts: 'any', resolveHost: options.resolveHost });
}

/** What is wrong with the address itself, before any DNS: https only (plain http for allow-listed hosts), no credentials. */
export function webhookUrlProblem(input: string, policy: TargetPolicy): string | null {
  if (input.length > MAX_WEBHOOK_URL_LENGTH) return `The address is longer than ${MAX_WEBHOOK_URL_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'This is not a complete web address; it should look like https://hooks.example.com/throughline.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'Webhooks are sent to https:// addresses only.';
  if (url.protocol === 'http:' && !isAllowListed(url, policy))
    return 'Webhooks are sent to https:// addresses only (plain http only to a host:port named in WEBHOOK_ALLOWED_HOSTS).';
  if (url.username || url.password) return 'The address must not contain a user name or password.';
  if (url.hash) return 'The address must not contain a #fragment.';
  return null;
}

export type WebhookUrlVerdict = { ok: true; url: string } | { ok: false; reason: string };

/**
 * The check an endpoint's address gets when an admin adds it: the shape rules, then DNS through the guarded fetcher
 * (every address the name resolves to must be public, unless its host:port is allow-listed). Deliveries check again,
 * since DNS may answer differently later.
 */
export async function checkWebhookUrl(input: string, options: WebhookTargetOptions = {}): Promise<WebhookUrlVerdict> {
  const trimmed = input.trim();
  const policy = webhookPolicy(options);
  const problem = webhookUrlProblem(trimmed, policy);
  if (problem) return { ok: false, reason: problem };
  const url = new URL(trimmed);
  // A resolver that never answers must not hold the admin's form: the same deadline as a delivery.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(new Error('DNS deadline')), WEBHOOK_TIMEOUT_MS);
  try {
    await untilAborted(resolveTarget(url, trimmed, policy), deadline.signal);
  } catch (error) {
    if (error instanceof SafeFetchError) return { ok: false, reason: describeSendFailure(error) };
    if (deadline.signal.aborted) return { ok: false, reason: 'The host name did not resolve in time.' };
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { ok: true, url: url.href };
}
