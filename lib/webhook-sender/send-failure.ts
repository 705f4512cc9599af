import type { SafeFetchError } from '../guarded-fetch/safe-fetch-error';
import { WEBHOOK_TIMEOUT_MS } from './delivery-limits';

/**
 * Why a delivery got no answer, for the delivery log and the add-endpoint form. The guarded fetcher's own sentences
 * speak to a buyer about their page; these speak to an admin about their receiver.
 */
export function describeSendFailure(error: SafeFetchError, timeoutMs = WEBHOOK_TIMEOUT_MS): string {
  switch (error.code) {
    case 'ADDRESS_REFUSED':
      return 'The host resolves to a private, loopback or otherwise internal address, and webhooks are only sent to public ones.';
    case 'DNS_FAILED':
      return 'The host name did not resolve.';
    case 'TIMEOUT':
      return `The receiver did not answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} seconds` : `${timeoutMs} ms`}.`;
    case 'CONNECTION_FAILED': {
      const cause = error.cause instanceof Error ? error.cause.message : '';
      return `The connection to the receiver failed${cause ? ` (${cause.slice(0, 200)})` : ''}.`;
    }
    default:
      return 'The address cannot be used for webhooks.';
  }
}
