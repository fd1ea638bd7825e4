import { isCrossSite, mediaType, sessionRequestRefusal, trustedOrigins, type SessionRequestFacts } from './session-request';

const trusted = trustedOrigins('https://app.example.com/', ['http://127.0.0.1:5173', 'not a url']);
/** Status and message of the refusal, or null. */
const refusal = (f: SessionRequestFacts, bodyFormat?: string) => {
  const r = sessionRequestRefusal(f, trusted, bodyFormat);
  return r && { status: r.status, message: r.message };
};
const facts = (over: Partial<SessionRequestFacts> = {}): SessionRequestFacts => ({
  origin: undefined,
  fetchSite: undefined,
  host: 'api.example.com',
  contentType: 'application/json',
  hasBody: true,
  ...over,
});

describe('session request rules', () => {
  it('trusts PUBLIC_BASE_URL’s origin and the CORS origins (unreadable entries dropped)', () => {
    expect([...trusted]).toEqual(['https://app.example.com', 'http://127.0.0.1:5173']);
  });

  it('an Origin decides when sent: trusted, or the host the request was sent to (any scheme, default ports alike)', () => {
    for (const origin of ['https://app.example.com', 'http://127.0.0.1:5173', 'https://api.example.com', 'http://api.example.com', 'HTTPS://API.EXAMPLE.COM']) {
      expect([origin, isCrossSite(facts({ origin, fetchSite: 'cross-site' }), trusted)]).toEqual([origin, false]);
    }
    expect(isCrossSite(facts({ origin: 'https://api.example.com', host: 'api.example.com:443' }), trusted)).toBe(false);
    for (const origin of [
      'https://evil.example.net',
      'https://api.example.com:8443',
      'https://sub.api.example.com',
      '',
      'https://a.example, https://b.example',
    ]) {
      expect([origin, isCrossSite(facts({ origin, fetchSite: 'same-origin' }), trusted)]).toEqual([origin, true]);
    }
  });

  it('Origin: null (a form on a no-referrer page) passes only when the browser says same-origin', () => {
    expect(isCrossSite(facts({ origin: 'null', fetchSite: 'same-origin' }), trusted)).toBe(false);
    // A sandboxed frame or a redirect from another site is `cross-site`; without the header, no proof.
    for (const fetchSite of ['cross-site', 'same-site', 'none', undefined])
      expect([fetchSite, isCrossSite(facts({ origin: 'null', fetchSite }), trusted)]).toEqual([fetchSite, true]);
  });

  it('without an Origin, Sec-Fetch-Site: cross-site is refused; no header at all is not a browser', () => {
    expect(isCrossSite(facts({ fetchSite: 'cross-site' }), trusted)).toBe(true);
    for (const fetchSite of ['same-origin', 'same-site', 'none', undefined]) expect(isCrossSite(facts({ fetchSite }), trusted)).toBe(false);
  });

  it('reads the media type without parameters', () => {
    expect(mediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(mediaType('  ')).toBeUndefined();
    expect(mediaType(undefined)).toBeUndefined();
  });

  it('403 first, then 415 for another content type or a body naming none; bodiless requests may name none', () => {
    expect(refusal(facts({ origin: 'https://evil.example.net', contentType: 'text/plain' }))).toEqual({
      status: 403,
      message: 'Cross-site requests are not allowed',
    });
    for (const [contentType, hasBody] of [
      ['application/x-www-form-urlencoded', true],
      ['multipart/form-data; boundary=x', true],
      ['text/plain', true],
      ['text/plain', false],
      [undefined, true],
    ] as const) {
      expect(refusal(facts({ contentType, hasBody }))).toEqual({ status: 415, message: 'Content-Type must be application/json' });
    }
    expect(refusal(facts({ contentType: undefined, hasBody: false }))).toBeNull();
    expect(refusal(facts({ contentType: 'application/json;charset=UTF-8' }))).toBeNull();
  });

  it('a route reading its own body format gets the origin rule alone', () => {
    expect(refusal(facts({ contentType: 'multipart/form-data; boundary=x' }), 'multipart/form-data')).toBeNull();
    expect(refusal(facts({ contentType: 'multipart/form-data', origin: 'null' }), 'multipart/form-data')?.status).toBe(403);
  });
});
