import { describe, expect, it } from 'vitest';
import { fetchFailure } from './safe-fetch-error';

const PAGE = 'https://ridgeline.example/offer';
const dnsError = (code: string) => Object.assign(new Error(`getaddrinfo ${code} ridgeline.example`), { code });

describe('whether a failed fetch may succeed later', () => {
  it.each([
    ['a timeout', fetchFailure.timeout(PAGE, PAGE, 10_000), true],
    ['a failed connection', fetchFailure.connectionFailed(PAGE, PAGE, new Error('ECONNRESET')), true],
    ['a resolver that could not answer', fetchFailure.dnsFailed(PAGE, PAGE, 'ridgeline.example', dnsError('EAI_AGAIN')), true],
    ['HTTP 503', fetchFailure.httpError(PAGE, PAGE, 503), true],
    ['HTTP 500', fetchFailure.httpError(PAGE, PAGE, 500), true],
    ['HTTP 429', fetchFailure.httpError(PAGE, PAGE, 429), true],
    ['HTTP 408', fetchFailure.httpError(PAGE, PAGE, 408), true],
    ['HTTP 404', fetchFailure.httpError(PAGE, PAGE, 404), false],
    ['HTTP 403', fetchFailure.httpError(PAGE, PAGE, 403), false],
    ['a name that does not exist', fetchFailure.dnsFailed(PAGE, PAGE, 'ridgeline.example', dnsError('ENOTFOUND')), false],
    ['a name without addresses', fetchFailure.dnsFailed(PAGE, PAGE, 'ridgeline.example', dnsError('ENODATA')), false],
    ['an empty DNS answer', fetchFailure.dnsFailed(PAGE, PAGE, 'ridgeline.example'), false],
    ['a refused address', fetchFailure.addressRefused(PAGE, 'http://10.0.0.1/'), false],
    ['a refused port', fetchFailure.portRefused(PAGE, PAGE, 8080), false],
    ['a bad address', fetchFailure.badUrl('ridgeline', 'ridgeline', 'it is not a complete web address'), false],
    ['too many redirects', fetchFailure.tooManyRedirects(PAGE, PAGE, 5), false],
    ['a PDF', fetchFailure.notHtml(PAGE, PAGE, 'application/pdf'), false],
  ])('%s: transient %s', (_case, error, transient) => {
    expect(error.transient).toBe(transient);
  });

  it('keeps the cause for the logs', () => {
    const cause = dnsError('EAI_AGAIN');
    expect(fetchFailure.dnsFailed(PAGE, PAGE, 'ridgeline.example', cause).cause).toBe(cause);
  });
});
