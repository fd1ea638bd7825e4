import { randomBytes } from 'node:crypto';
import { TokenCipher, TokenCipherError } from './token-cipher';

describe('TokenCipher', () => {
  const key = randomBytes(32);
  const cipher = new TokenCipher(key);

  it('round-trips a token, including non-ASCII and empty values', () => {
    for (const value of ['ya29.a0AfH6SMB-token', 'tökén ✓', '']) {
      expect(cipher.decrypt(cipher.encrypt(value))).toBe(value);
    }
  });

  it('uses the versioned format v1:<iv>:<tag>:<data> and never contains the plain text', () => {
    const stored = cipher.encrypt('secret-access-token');
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(stored).not.toContain('secret-access-token');
  });

  it('uses a random IV: the same token encrypts differently each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('rejects a tampered ciphertext or tag (authenticated)', () => {
    const [v, iv, tag, data] = cipher.encrypt('secret').split(':');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, tag, flipped.toString('base64url')].join(':'))).toThrow(TokenCipherError);
    const badTag = Buffer.from(tag, 'base64url');
    badTag[0] ^= 1;
    expect(() => cipher.decrypt([v, iv, badTag.toString('base64url'), data].join(':'))).toThrow(TokenCipherError);
  });

  it('rejects a value encrypted with another key, without echoing it', () => {
    const other = new TokenCipher(randomBytes(32)).encrypt('secret');
    expect(() => cipher.decrypt(other)).toThrow('Token could not be decrypted (wrong key or tampered value)');
  });

  it('rejects unknown formats and versions', () => {
    expect(() => cipher.decrypt('plain-token')).toThrow('Unknown token format');
    expect(() => cipher.decrypt(cipher.encrypt('x').replace(/^v1/, 'v2'))).toThrow('Unknown token format');
  });

  it('requires a 32-byte key', () => {
    expect(() => new TokenCipher(randomBytes(16))).toThrow('Token encryption key must be 32 bytes');
  });
});
