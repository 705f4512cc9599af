import { describe, expect, it } from 'vitest';
import { DERIVED_KEY_WINDOW_MS, derivedSubmissionKey } from './submission-key';

const visitor = { form: 'startCheckout', client: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };
const minute = 29_000_000 * DERIVED_KEY_WINDOW_MS;

describe('derivedSubmissionKey', () => {
  it('is one key for one visitor, form and minute, in the shape oncePerSubmission accepts', () => {
    const key = derivedSubmissionKey({ ...visitor, now: minute + 1_000 });
    expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(derivedSubmissionKey({ ...visitor, now: minute + 59_999 })).toBe(key);
  });

  it('differs for another visitor, browser, form or minute', () => {
    const key = derivedSubmissionKey({ ...visitor, now: minute });
    expect(derivedSubmissionKey({ ...visitor, client: '203.0.113.8', now: minute })).not.toBe(key);
    expect(derivedSubmissionKey({ ...visitor, userAgent: 'curl/8.5', now: minute })).not.toBe(key);
    expect(derivedSubmissionKey({ ...visitor, form: 'submitInquiry', now: minute })).not.toBe(key);
    expect(derivedSubmissionKey({ ...visitor, now: minute + DERIVED_KEY_WINDOW_MS })).not.toBe(key);
  });
});
