import { pkceChallenge, pkceVerifier, randomToken, sameDigest, sha256 } from './connect-crypto';

describe('connect crypto', () => {
  it('makes RFC 7636 verifiers and S256 challenges (RFC 7636 appendix B vector)', () => {
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const verifier = pkceVerifier();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(pkceVerifier()).not.toBe(verifier);
  });

  it('random tokens carry 256 bits; digests compare in constant time and only when equal', () => {
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sameDigest(sha256('a'), sha256('a'))).toBe(true);
    expect(sameDigest(sha256('a'), sha256('b'))).toBe(false);
    expect(sameDigest('', '')).toBe(false);
  });
});
