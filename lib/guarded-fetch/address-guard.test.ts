import { describe, expect, it } from 'vitest';
import { isLocalhostName, judgeAddress, judgeUrlHost } from './address-guard';

// [address, allowed, reason when refused]
const ADDRESSES: Array<[string, boolean, string?]> = [
  // IPv4
  ['93.184.215.14', true],
  ['8.8.8.8', true],
  ['127.0.0.1', false, 'loopback'],
  ['127.255.255.254', false, 'loopback'],
  ['10.0.0.5', false, 'private'],
  ['172.16.4.1', false, 'private'],
  ['172.31.255.255', false, 'private'],
  ['192.168.1.1', false, 'private'],
  ['169.254.10.20', false, 'linkLocal'],
  ['169.254.169.254', false, 'cloudMetadata'],
  ['169.254.170.2', false, 'cloudMetadata'],
  ['100.100.100.200', false, 'cloudMetadata'],
  ['100.64.0.1', false, 'carrierGradeNat'],
  ['100.127.255.254', false, 'carrierGradeNat'],
  ['0.0.0.0', false, 'unspecified'],
  ['0.1.2.3', false, 'unspecified'],
  ['255.255.255.255', false, 'broadcast'],
  ['224.0.0.251', false, 'multicast'],
  ['239.255.255.250', false, 'multicast'],
  ['198.18.0.1', false, 'reserved'], // benchmarking
  ['192.0.2.10', false, 'reserved'], // TEST-NET-1
  ['203.0.113.7', false, 'reserved'], // TEST-NET-3
  ['240.0.0.1', false, 'reserved'],
  // IPv6
  ['2606:4700:4700::1111', true],
  ['2a00:1450:4001:81b::200e', true],
  ['::1', false, 'loopback'],
  ['::', false, 'unspecified'],
  ['fe80::1', false, 'linkLocal'],
  ['fc00::1', false, 'uniqueLocal'],
  ['fd00::1', false, 'uniqueLocal'],
  ['fd12:3456:789a::1', false, 'uniqueLocal'],
  ['fd00:ec2::254', false, 'cloudMetadata'],
  ['ff02::1', false, 'multicast'],
  ['2001:db8::1', false, 'reserved'], // documentation
  ['2001:2::1', false, 'benchmarking'],
  ['2001::1', false, 'teredo'],
  ['fec0::1', false, 'deprecatedSiteLocal'],
  ['100::1', false, 'discard'],
  ['64:ff9b:1::a00:1', false, 'nat64LocalUse'],
  ['4000::1', false, 'notGlobalUnicast'],
  // IPv6 that embeds IPv4: judged by the IPv4 inside
  ['::ffff:127.0.0.1', false, 'loopback'],
  ['::ffff:7f00:1', false, 'loopback'],
  ['::ffff:10.1.2.3', false, 'private'],
  ['::ffff:169.254.169.254', false, 'cloudMetadata'],
  ['::ffff:8.8.8.8', true],
  ['::ffff:0:7f00:1', false, 'loopback'], // IPv4-translated
  ['::7f00:1', false, 'loopback'], // IPv4-compatible, as WHATWG writes ::127.0.0.1
  ['::a00:1', false, 'private'],
  ['64:ff9b::7f00:1', false, 'loopback'], // NAT64
  ['64:ff9b::a9fe:a9fe', false, 'cloudMetadata'],
  ['64:ff9b::808:808', true],
  ['2002:7f00:1::', false, 'loopback'], // 6to4
  ['2002:c0a8:101::1', false, 'private'],
  ['2002:808:808::1', true],
  // not addresses at all
  ['not-an-ip', false, 'invalidAddress'],
  ['', false, 'invalidAddress'],
];

describe('judgeAddress', () => {
  it.each(ADDRESSES)('%s → allowed %s (%s)', (address, allowed, reason) => {
    const verdict = judgeAddress(address);
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) expect(verdict.reason).toBe(reason);
  });

  it('names the IPv4 address found inside an IPv6 one', () => {
    expect(judgeAddress('::ffff:192.168.0.1')).toEqual({ allowed: false, reason: 'private', embeddedIpv4: '192.168.0.1' });
  });
});

// What WHATWG URL makes of a host, and the decision on the whole URL string.
// [url, hostname after new URL(), decision: allowed | resolve | refusal reason]
const URLS: Array<[string, string, string]> = [
  ['http://127.0.0.1/', '127.0.0.1', 'loopback'],
  ['http://2130706433/', '127.0.0.1', 'loopback'], // decimal
  ['http://017700000001/', '127.0.0.1', 'loopback'], // one octal number
  ['http://0177.0.0.1/', '127.0.0.1', 'loopback'], // octal part
  ['http://0x7f.0.0.1/', '127.0.0.1', 'loopback'], // hex part
  ['http://0x7f000001/', '127.0.0.1', 'loopback'], // one hex number
  ['http://127.1/', '127.0.0.1', 'loopback'], // short form
  ['http://%31%32%37.0.0.1/', '127.0.0.1', 'loopback'], // percent-encoded
  ['http://0/', '0.0.0.0', 'unspecified'],
  ['http://0.0.0.0:80/', '0.0.0.0', 'unspecified'],
  ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'cloudMetadata'],
  ['http://0xa9fea9fe/', '169.254.169.254', 'cloudMetadata'],
  ['http://012.0.0.1/', '10.0.0.1', 'private'],
  ['http://3232235777/', '192.168.1.1', 'private'],
  ['http://[::1]/', '[::1]', 'loopback'],
  ['http://[::]/', '[::]', 'unspecified'],
  ['http://[0:0:0:0:0:0:0:1]:443/', '[::1]', 'loopback'],
  ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]', 'loopback'],
  ['http://[::ffff:a9fe:a9fe]/', '[::ffff:a9fe:a9fe]', 'cloudMetadata'],
  ['http://[::127.0.0.1]/', '[::7f00:1]', 'loopback'],
  ['http://[fd00::1]/', '[fd00::1]', 'uniqueLocal'],
  ['http://[fd00:ec2::254]/', '[fd00:ec2::254]', 'cloudMetadata'],
  ['http://[fe80::1]/', '[fe80::1]', 'linkLocal'],
  ['http://localhost/', 'localhost', 'localhostName'],
  ['http://LOCALHOST./', 'localhost.', 'localhostName'],
  ['http://shop.localhost/', 'shop.localhost', 'localhostName'],
  ['http://a.b.localhost:443/', 'a.b.localhost', 'localhostName'],
  ['https://93.184.215.14/', '93.184.215.14', 'allowed'],
  ['https://[2606:4700:4700::1111]/', '[2606:4700:4700::1111]', 'allowed'],
  ['https://ridgeline-roofing.example/offer', 'ridgeline-roofing.example', 'resolve'],
  ['https://localhost.example.com/', 'localhost.example.com', 'resolve'],
  ['https://127.0.0.1.nip.io/', '127.0.0.1.nip.io', 'resolve'],
];

describe('judgeUrlHost', () => {
  it.each(URLS)('%s → host %s → %s', (url, hostname, decision) => {
    expect(new URL(url).hostname).toBe(hostname);
    const verdict = judgeUrlHost(url);
    const outcome = !verdict.allowed ? verdict.reason : verdict.resolve ? 'resolve' : 'allowed';
    expect(outcome).toBe(decision);
  });
});

describe('isLocalhostName', () => {
  it.each([
    ['localhost', true],
    ['LocalHost', true],
    ['localhost.', true],
    ['api.localhost', true],
    ['notlocalhost', false],
    ['localhost.example', false],
    ['mylocalhost.com', false],
  ])('%s → %s', (name, expected) => {
    expect(isLocalhostName(name as string)).toBe(expected);
  });
});
