'use server';

import { refresh } from 'next/cache';
import { redirect } from 'next/navigation';
import { buyerInputErrors } from '@/components/services/buyer-input-errors';
import { buyerForm, buyerInputsFromForm } from '@/components/services/buyer-input-fields';
import type { BuyFormState } from '@/components/services/buy-form-state';
import { CheckoutRequest } from '@/lib/contract/checkout';
import type { CheckoutSessionBody } from '@/lib/contract/checkout';
import { getServiceDetail } from '@/lib/domain/catalogue/catalogue';
import { startCheckout } from '@/lib/domain/checkout';
import { DomainError, InputValidationError } from '@/lib/core/errors';
import { formValues } from '@/lib/forms/form-state';
import { asThisVisit } from '@/lib/forms/counted-visit';
import { oncePerSubmission } from '@/lib/forms/once-per-submission';
import { writeLimitNotice } from '@/lib/forms/write-limit';

const OFFER_CHANGED = 'The price or terms changed since you opened this page; review them and submit again.';
const NOT_FOR_SALE = 'This service is no longer sold online. Please book a call or contact us instead.';

/**
 * The buy form: the same request schema and use case as POST /v1/services/{id}/checkout. On success
 * the buyer goes to the payment provider's hosted page; otherwise the form comes back with messages.
 */
export async function buyServiceAction(serviceId: string, _previous: BuyFormState, formData: FormData): Promise<BuyFormState> {
  const values = formValues(formData);
  const limited = await writeLimitNotice();
  if (limited) return { values, errors: {}, notice: limited };
  const service = await getServiceDetail(serviceId).catch((error: unknown) => {
    if (error instanceof DomainError && error.code === 'NOT_FOUND') return null;
    throw error;
  });
  if (!service) return { values, errors: {}, notice: NOT_FOR_SALE };

  const form = buyerForm(service.buyerInputSchema);
  const body = { buyerInputs: buyerInputsFromForm(form, formData), purchaseDigest: formData.get('purchaseDigest') ?? '' };
  const parsed = CheckoutRequest.safeParse(body);
  // Only the hidden digest can fail here (buyerInputs is checked against the service's schema below):
  // the page the form came from is too old to say what the buyer agreed to.
  if (!parsed.success) {
    refresh();
    return { values, errors: {}, notice: OFFER_CHANGED };
  }

  let session: CheckoutSessionBody;
  try {
    session = await oncePerSubmission('startCheckout', formData, { serviceId, ...parsed.data }, () => asThisVisit(() => startCheckout(serviceId, parsed.data)));
  } catch (error) {
    if (error instanceof InputValidationError) return { values, errors: buyerInputErrors(form, error.items), notice: null };
    if (error instanceof DomainError && error.code === 'OFFER_CHANGED') {
      // startCheckout has already refreshed this instance's snapshot with the live offer: re-render the
      // page with the current price, terms and digest. The typed values stay in the form.
      refresh();
      return { values, errors: {}, notice: OFFER_CHANGED };
    }
    if (error instanceof DomainError && (error.code === 'NOT_FOUND' || error.code === 'CHECKOUT_NOT_AVAILABLE')) {
      refresh();
      return { values, errors: {}, notice: NOT_FOR_SALE };
    }
    if (error instanceof DomainError && error.code === 'PAYMENT_PROVIDER_UNAVAILABLE') return { values, errors: {}, notice: error.message };
    throw error;
  }
  redirect(session.checkoutUrl);
}
