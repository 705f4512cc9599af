import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, call, get, post } from '../../test-support/http/contract';
import { makePrivateLinks } from '../../test-support/http/private-links';
import { serverDatabase } from '../../test-support/http/server-database';
import { activeConsultants, workingDay } from '../../test-support/schedule';

/**
 * Checkout, report and booking-management tokens: 256 random bits, found by their digest, and every unknown token,
 * however close to a real one, gets the same answer (lib/core/secret-tokens.ts).
 */
const database = serverDatabase();
afterAll(() => database.close());
const consultants = await activeConsultants(database);

const real = { checkout: '', report: '', booking: '' };

beforeAll(async () => {
  Object.assign(real, await makePrivateLinks('Token'));
});

/** A character of the token's alphabet other than `char`. */
const other = (char: string) => (char === 'A' ? 'B' : 'A');

/** Guesses an attacker might try, from nothing to a near miss of the real token. */
function guesses(token: string) {
  return {
    'a random token of the right length': 'Q'.repeat(43),
    'the real token with its last character changed': `${token.slice(0, -1)}${other(token.at(-1)!)}`,
    'the real token with its first character changed': `${other(token[0]!)}${token.slice(1)}`,
    'the first half of the real token': token.slice(0, 21),
    'the real token and one more character': `${token}A`,
    'the real token in upper case': token.toUpperCase(),
    'one character': 'x',
    '200 characters': 'z'.repeat(200),
    'non-ASCII text': encodeURIComponent('çé漢字'),
  };
}

describe.each([
  ['checkout', (token: string) => `/v1/checkout/${token}`, { detail: 'No checkout has this token. Check the link you were given.', code: 'NOT_FOUND' }],
  ['report', (token: string) => `/v1/reports/${token}`, { detail: 'No report has this token. Check the link you were given.', code: 'NOT_FOUND' }],
  ['booking', (token: string) => `/v1/bookings/${token}`, { detail: 'No booking has this management link. Check the link in your email.', code: 'NOT_FOUND' }],
] as const)('%s tokens', (kind, pathOf, notFound) => {
  it('are 256 random bits (43 base64url characters), and the real one opens its record', async () => {
    const token = real[kind];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await get(pathOf(token))).status).toBe(200);
  });

  it('unknown, all answer exactly alike: 404 with the same body, which never echoes the token', async () => {
    for (const [label, guess] of Object.entries(guesses(real[kind]))) {
      const response = await get(pathOf(guess));
      expect({ status: response.status, body: response.body }, label).toEqual({ status: 404, body: notFound });
    }
  });
});

it('a booking’s cancel and reschedule answer an unknown token as reading it does', async () => {
  const near = `${real.booking.slice(0, -1)}${other(real.booking.at(-1)!)}`;
  const expected = { detail: 'No booking has this management link. Check the link in your email.', code: 'NOT_FOUND' };
  expect((await call('POST', `/v1/bookings/${near}/cancel`)).body).toEqual(expected);
  const moved = await post(`/v1/bookings/${near}/reschedule`, { preferredTimes: [workingDay(consultants, 21).set({ hour: 3 }).toISO()] });
  expect({ status: moved.status, body: moved.body }).toEqual({ status: 404, body: expected });
  expect((await get(`/v1/bookings/${real.booking}`)).body).toMatchObject({ status: 'pending' });
});

it('the pages answer an unknown token with the same 404 page whatever the guess', async () => {
  for (const [kind, page] of [
    ['checkout', '/checkout'],
    ['report', '/reports'],
    ['booking', '/bookings'],
  ] as const) {
    const answers = new Set<string>();
    for (const guess of Object.values(guesses(real[kind]))) {
      const response = await fetch(`${baseUrl()}${page}/${guess}`);
      const title = /<title>([^<]*)<\/title>/.exec(await response.text())?.[1];
      answers.add(`${response.status} ${title}`);
    }
    expect([...answers], page).toHaveLength(1);
    expect([...answers][0], page).toMatch(/^404 /);
  }
});
