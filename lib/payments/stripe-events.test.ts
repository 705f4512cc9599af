import { describe, expect, it } from 'vitest';
import { interpretStripeEvent } from './stripe-events';

const session = (fields: Record<string, unknown>) => ({ object: { id: 'cs_test_1', object: 'checkout.session', ...fields } });

describe('reading Stripe events', () => {
  it.each([
    ['checkout.session.completed', { payment_status: 'paid' }, 'paid'],
    ['checkout.session.completed', { payment_status: 'no_payment_required' }, 'paid'],
    ['checkout.session.completed', { payment_status: 'unpaid' }, 'awaiting-payment'],
    ['checkout.session.async_payment_succeeded', { payment_status: 'paid' }, 'paid'],
    ['checkout.session.async_payment_failed', { payment_status: 'unpaid' }, 'payment-failed'],
    ['checkout.session.expired', { status: 'expired' }, 'expired'],
  ])('%s with %j means %s', (type, fields, outcome) => {
    expect(interpretStripeEvent({ type, data: session(fields) } as never)).toEqual({ sessionId: 'cs_test_1', outcome });
  });

  it('passes on the email and name Checkout collected, and nothing when the session has none', () => {
    const details = { customer_details: { email: 'lena@northgate.example', name: 'Lena Park', phone: null } };
    expect(interpretStripeEvent({ type: 'checkout.session.completed', data: session({ payment_status: 'paid', ...details }) } as never)).toEqual({
      sessionId: 'cs_test_1',
      outcome: 'paid',
      buyer: { email: 'lena@northgate.example', name: 'Lena Park' },
    });
    const noEmail = session({ payment_status: 'paid', customer_details: { email: null, name: ' ' } });
    expect(interpretStripeEvent({ type: 'checkout.session.async_payment_succeeded', data: noEmail } as never)).toEqual({
      sessionId: 'cs_test_1',
      outcome: 'paid',
    });
  });

  it('ignores other event types and objects without an id', () => {
    expect(interpretStripeEvent({ type: 'payment_intent.succeeded', data: session({}) } as never)).toBeNull();
    expect(interpretStripeEvent({ type: 'checkout.session.completed', data: { object: {} } } as never)).toBeNull();
  });
});
