import { describe, expect, it } from 'vitest';
import { clientAddressFrom, isTrustedProxy, normalizeAddress, parseTrustedProxies, resolveClientAddress } from './client-address.mjs';

describe('resolveClientAddress', () => {
  // [case, TRUSTED_PROXY, socket peer, X-Forwarded-For, expected client]
  const table: [string, string, string | undefined, string | string[] | undefined, string][] = [
    ['no proxy, no header: the socket', '', '203.0.113.7', undefined, '203.0.113.7'],
    ['spoofed header from an untrusted socket is ignored', '', '203.0.113.7', '198.51.100.1', '203.0.113.7'],
    ['spoofed header from an untrusted socket, with trust configured for others', '10.0.0.0/8', '203.0.113.7', '10.1.1.1', '203.0.113.7'],
    ['a trusted proxy reports its client', '127.0.0.1', '127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['what the client wrote before the proxy appended is not believed', '127.0.0.1', '127.0.0.1', '6.6.6.6, 198.51.100.1', '198.51.100.1'],
    ['a chain of trusted proxies is walked from the right', '127.0.0.1, 10.0.0.0/8', '127.0.0.1', '6.6.6.6, 198.51.100.1, 10.0.0.9, 10.2.3.4', '198.51.100.1'],
    ['every hop trusted: the left-most is the client', '10.0.0.0/8', '10.0.0.1', '10.9.9.9, 10.0.0.2', '10.9.9.9'],
    ['a trusted proxy with an empty header: the proxy itself', '127.0.0.1', '127.0.0.1', '', '127.0.0.1'],
    ['headers sent twice count as one list', '127.0.0.1', '127.0.0.1', ['6.6.6.6', '198.51.100.1'], '198.51.100.1'],
    [
      'an address that is no address ends the chain at the hop that passed it',
      '127.0.0.1, 10.0.0.0/8',
      '127.0.0.1',
      '198.51.100.1, unknown, 10.0.0.3',
      '10.0.0.3',
    ],
    ['IPv4-mapped socket address is the IPv4 client', '', '::ffff:203.0.113.7', undefined, '203.0.113.7'],
    ['IPv4-mapped socket matches an IPv4 trusted entry', '127.0.0.1', '::ffff:127.0.0.1', '198.51.100.1', '198.51.100.1'],
    ['IPv4-mapped entries in the header are IPv4 clients', '127.0.0.1', '127.0.0.1', '::ffff:198.51.100.1', '198.51.100.1'],
    ['IPv6 socket, untrusted', '', '2001:DB8:0:0::7', '198.51.100.1', '2001:db8::7'],
    ['IPv6 trusted range and IPv6 client', 'fd00::/8', 'fd12::1', '2001:db8::42', '2001:db8::42'],
    ['IPv6 loopback trusted, IPv4 client', '::1', '::1', '198.51.100.1', '198.51.100.1'],
    ['an IPv4 range does not trust IPv6 peers', '0.0.0.0/0', '2001:db8::1', '198.51.100.1', '2001:db8::1'],
    ['ports and brackets that proxies add are dropped', '127.0.0.1, ::1', '127.0.0.1', '[2001:db8::9]:443, 198.51.100.1:5050', '198.51.100.1'],
    ['bracketed IPv6 with port as the client', '127.0.0.1', '127.0.0.1', '[2001:db8::9]:443', '2001:db8::9'],
    ['a socket that is gone', '', undefined, '198.51.100.1', 'unknown'],
  ];

  it.each(table)('%s', (_case, trustedProxy, socketAddress, forwardedFor, expected) => {
    expect(resolveClientAddress({ socketAddress, forwardedFor, trusted: parseTrustedProxies(trustedProxy) })).toBe(expected);
  });
});

describe('parseTrustedProxies', () => {
  it('reads addresses and ranges, ignoring blanks around commas', () => {
    expect(parseTrustedProxies(' 127.0.0.1 , 10.0.0.0/8,, fd00::/8 ').map(([address, prefix]) => `${address.toString()}/${prefix}`)).toEqual([
      '127.0.0.1/32',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
  });

  it('empty or unset trusts nobody', () => {
    expect(parseTrustedProxies('')).toEqual([]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
  });

  it.each(['localhost', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', '10.0.0/8', '10.0.0.1/', '127.1'])('refuses %s, naming it', (entry) => {
    expect(() => parseTrustedProxies(`127.0.0.1,${entry}`)).toThrow(`"${entry}" is not an IP address or CIDR range`);
  });
});

describe('normalizeAddress', () => {
  it.each([
    ['::ffff:10.1.2.3', '10.1.2.3'],
    ['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['198.51.100.1:80', '198.51.100.1'],
    ['not an address', null],
    ['0x7f.1', null],
  ])('%s → %s', (text, expected) => {
    expect(normalizeAddress(text)).toBe(expected);
  });
});

describe('isTrustedProxy', () => {
  const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, fd00::/8');
  it.each([
    ['127.0.0.1', true],
    ['::ffff:10.20.30.40', true],
    ['fd00::5', true],
    ['127.0.0.2', false],
    ['2001:db8::1', false],
    [undefined, false],
  ])('%s → %s', (socketAddress, expected) => {
    expect(isTrustedProxy(socketAddress, trusted)).toBe(expected);
  });
});

describe('clientAddressFrom', () => {
  it('reads back the address the web server wrote', () => {
    expect(clientAddressFrom(new Headers({ 'x-forwarded-for': '198.51.100.1' }))).toBe('198.51.100.1');
  });
  it('takes the nearest hop of a list (only under next dev, which has no such server)', () => {
    expect(clientAddressFrom(new Headers({ 'x-forwarded-for': '6.6.6.6, 198.51.100.1' }))).toBe('198.51.100.1');
  });
  it('is "unknown" without the header', () => {
    expect(clientAddressFrom(new Headers())).toBe('unknown');
  });
});
