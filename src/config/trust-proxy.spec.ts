import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('is off by default and for false', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
  });
  it('takes true, a hop count, or the proxies', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('loopback')).toBe('loopback');
    expect(parseTrustProxy(' 10.0.0.1 , 10.1.0.0/16,::1, fd00::/8 ')).toBe('10.0.0.1,10.1.0.0/16,::1,fd00::/8');
  });
  it('refuses anything else', () => {
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', 'example.com', '10.0.0.1/8/8', '::1/129', ',']) {
      expect(parseTrustProxy(bad)).toBeNull();
    }
  });
});
