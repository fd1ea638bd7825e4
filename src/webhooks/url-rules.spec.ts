import { WebhookMessages as M } from './webhooks.errors';
import { classifyAddress, parseIPv6, refusalForAddress } from '../common/outbound/address-rules';
import { checkWebhookUrl, parseUrl, type UrlRuleOptions } from './url-rules';

const api = { variant: 'api' as const, allowPrivateTargets: false };
const dashboard = { variant: 'dashboard' as const, allowPrivateTargets: false };
const check = (url: string, rules: UrlRuleOptions = api) => checkWebhookUrl(parseUrl(url)!, rules);

describe('parseUrl', () => {
  it.each(['not a url', '', 'example.com/path', '://x'])('rejects %j', (u) => expect(parseUrl(u)).toBeNull());
  it('accepts absolute URLs of any scheme', () => expect(parseUrl('ftp://x.y/')).not.toBeNull());
});

describe('checkWebhookUrl (create/update rules)', () => {
  it.each(['https://example.com/hook', 'http://example.com:8080/x?y=1', 'https://93.184.216.34/', 'https://[2606:4700::1111]/'])('accepts public %s', (u) =>
    expect(check(u)).toBeNull(),
  );

  it.each(['ftp://example.com/', 'ws://example.com/', 'file:///etc/passwd', 'javascript:alert(1)'])('answers "URL must use HTTPS" for %s', (u) =>
    expect(check(u)).toBe(M.httpsRequired),
  );

  it.each([
    'http://localhost/',
    'http://LOCALHOST:3000/',
    'http://localhost./',
    'http://127.0.0.1/',
    'http://127.1.2.3/',
    'http://2130706433/', // 127.0.0.1 as one number, normalised by the URL parser
    'http://0.0.0.0/',
    'http://[::ffff:127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[2001:0:7f00:1::]/',
  ])('blocks localhost %s', (u) => expect(check(u)).toBe(M.localhostBlocked));

  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[::ffff:10.1.2.3]/',
  ])('blocks private %s', (u) => expect(check(u)).toBe(M.privateBlocked));

  it.each(['http://172.15.0.1/', 'http://172.32.0.1/', 'http://11.0.0.1/', 'http://192.169.0.1/'])('does not block neighbour %s', (u) =>
    expect(check(u)).toBeNull(),
  );

  it.each(['http://169.254.1.1/', 'http://[fe80::1]/'])('blocks link-local %s', (u) => expect(check(u)).toBe(M.linkLocalBlocked));

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://100.100.100.200/',
    'http://[fd00:ec2::254]/',
  ])('blocks cloud metadata %s', (u) => expect(check(u)).toBe(M.metadataBlocked));

  it('API route: ::1 and .localhost subdomains are not blocked (spec)', () => {
    expect(check('http://[::1]:8080/')).toBeNull();
    expect(check('http://app.localhost/')).toBeNull();
  });

  it('dashboard: also blocks ::1 and .localhost subdomains', () => {
    expect(check('http://[::1]:8080/', dashboard)).toBe(M.localhostBlocked);
    expect(check('http://app.localhost/', dashboard)).toBe(M.localhostBlocked);
    expect(check('http://a.b.localhost./', dashboard)).toBe(M.localhostBlocked);
    expect(check('http://localhost/', dashboard)).toBe(M.localhostBlocked);
    expect(check('https://example.com/', dashboard)).toBeNull();
  });

  it('WEBHOOKS_ALLOW_PRIVATE_TARGETS lifts everything but the metadata rule', () => {
    const open = { variant: 'api' as const, allowPrivateTargets: true };
    expect(check('http://127.0.0.1:1234/', open)).toBeNull();
    expect(check('http://localhost/', open)).toBeNull();
    expect(check('http://10.0.0.1/', open)).toBeNull();
    expect(check('http://169.254.169.254/', open)).toBe(M.metadataBlocked);
    expect(check('ftp://127.0.0.1/', open)).toBe(M.httpsRequired);
  });
});

describe('classifyAddress (delivery rules)', () => {
  it.each([
    ['8.8.8.8', null],
    ['93.184.216.34', null],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.255.0.1', 'private'],
    ['172.20.1.1', 'private'],
    ['192.168.0.10', 'private'],
    ['100.64.0.1', 'private'],
    ['198.18.0.1', 'private'],
    ['169.254.0.5', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:192.168.1.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', null],
    ['64:ff9b::10.0.0.1', 'private'],
    ['fc00::1', 'private'],
    ['fdff:ffff::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2606:4700:4700::1111', null],
    ['2001:db8::1', null],
    ['example.com', null],
    // Every form that carries an IPv4 address inside IPv6 is judged by that address.
    ['2002:7f00:1::', 'loopback'], // 6to4 of 127.0.0.1
    ['2002:c0a8:101::1', 'private'], // 6to4 of 192.168.1.1
    ['2002:a9fe:a9fe::', 'metadata'], // 6to4 of 169.254.169.254
    ['2002:5db8:d822::1', null], // 6to4 of a public address
    ['2001:0:7f00:1::', 'loopback'], // Teredo server 127.0.0.1
    ['2001:0:5db8:d822:0:0:80ff:fffe', 'loopback'], // Teredo client 127.0.0.1 (bits inverted)
    ['2001:0:5db8:d822:0:0:f5ff:fffe', 'private'], // Teredo client 10.0.0.1
    ['2001:0:5db8:d822:0:0:a247:2bcb', null], // Teredo, public server and client 93.184.212.52
    ['::ffff:0:127.0.0.1', 'loopback'], // IPv4-translated
    ['64:ff9b:1::7f00:1', 'loopback'], // NAT64 local-use prefix
    ['::127.0.0.1', 'loopback'], // IPv4-compatible
  ])('%s → %s', (ip, expected) => expect(classifyAddress(ip)).toBe(expected));

  it('refusalForAddress: the switch lifts all but metadata', () => {
    expect(refusalForAddress('127.0.0.1', false)).toBe('loopback');
    expect(refusalForAddress('127.0.0.1', true)).toBeNull();
    expect(refusalForAddress('fd00:ec2::254', true)).toBe('metadata');
    expect(refusalForAddress('1.1.1.1', false)).toBeNull();
  });
});

describe('parseIPv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['fe80::', [0xfe80, 0, 0, 0, 0, 0, 0, 0]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]],
    ['2001:db8::8:800:200c:417a', [0x2001, 0xdb8, 0, 0, 0x8, 0x800, 0x200c, 0x417a]],
  ])('%s', (ip, groups) => expect(parseIPv6(ip)).toEqual(groups));
});
