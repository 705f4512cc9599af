import { ThroughlineApiError } from './api-error';
import { IDEMPOTENCY_HEADER } from './idempotency';
import type { ThroughlineClient } from './client';
import type { components } from './openapi-types';

export type ServiceDetail = components['schemas']['ServiceDetail'];
export type CheckoutSession = components['schemas']['CheckoutSession'];

export interface CheckoutRequest {
  serviceId: string;
  /** Inputs that satisfy the service's `buyerInputSchema`, as the person gave them. */
  buyerInputs?: Record<string, unknown>;
  /** The digest the buyer saw; read from the service when left out. */
  purchaseDigest?: string;
  /** One key for this purchase; a random one by default. */
  idempotencyKey?: string;
}

export interface CheckoutOutcome {
  /** Hand `checkoutUrl` to the person: payment happens there, by them. */
  session: CheckoutSession;
  /** The offer the checkout was made on, when it was read here (always after OFFER_CHANGED). */
  service?: ServiceDetail;
  offerChanged: boolean;
}

export interface CheckoutOptions {
  /** Asked before retrying on a changed offer, e.g. to show the person the new price; retries when left out. */
  approveChangedOffer?: (service: ServiceDetail) => boolean | Promise<boolean>;
}

async function readService(client: ThroughlineClient, serviceId: string): Promise<ServiceDetail> {
  const { data, error, response } = await client.GET('/v1/services/{serviceId}', { params: { path: { serviceId } } });
  if (!data) throw new ThroughlineApiError(response.status, error);
  return data;
}

/**
 * Starts a self-serve checkout. When the offer changed after its digest was read (409 `OFFER_CHANGED`), it reads the
 * service again and retries once with the new digest, if `approveChangedOffer` agrees. Any other failure, or a second
 * change, throws a ThroughlineApiError. The caller's Idempotency-Key serves both attempts: the API frees the key of a
 * failed request.
 */
export async function startCheckout(client: ThroughlineClient, request: CheckoutRequest, options: CheckoutOptions = {}): Promise<CheckoutOutcome> {
  const headers = request.idempotencyKey ? { [IDEMPOTENCY_HEADER]: request.idempotencyKey } : {};
  const attempt = (purchaseDigest: string) =>
    client.POST('/v1/services/{serviceId}/checkout', {
      params: { path: { serviceId: request.serviceId } },
      body: { purchaseDigest, buyerInputs: request.buyerInputs ?? {} },
      headers,
    });

  let service = request.purchaseDigest ? undefined : await readService(client, request.serviceId);
  const first = await attempt(request.purchaseDigest ?? service!.purchaseDigest);
  if (first.data) return { session: first.data, service, offerChanged: false };
  const refusal = new ThroughlineApiError(first.response.status, first.error);
  if (refusal.code !== 'OFFER_CHANGED') throw refusal;

  service = await readService(client, request.serviceId);
  if (options.approveChangedOffer && !(await options.approveChangedOffer(service))) throw refusal;
  const second = await attempt(service.purchaseDigest);
  if (second.data) return { session: second.data, service, offerChanged: true };
  throw new ThroughlineApiError(second.response.status, second.error);
}
