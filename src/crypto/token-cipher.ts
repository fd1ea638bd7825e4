import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Platform tokens at rest: AES-256-GCM with a random 96-bit IV per value and the 128-bit auth
 * tag, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url parts). The version prefix lets the
 * format or key change later without guessing what an old value is. Decrypted values are never
 * logged or returned by the API; they only reach platform adapters.
 */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class TokenCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCipherError';
  }
}

export class TokenCipher {
  /** Imported once: a raw Buffer key is imported again on every cipher (a share of each publish). */
  private readonly key: KeyObject;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new TokenCipherError('Token encryption key must be 32 bytes');
    this.key = createSecretKey(key);
  }

  encrypt(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv.toString('base64url'), tag.toString('base64url'), data.toString('base64url')].join(':');
  }

  /** Throws TokenCipherError for an unknown format, a wrong key or a tampered value. */
  decrypt(stored: string): string {
    const parts = stored.split(':');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new TokenCipherError('Unknown token format');
    const [, ivPart, tagPart, dataPart] = parts;
    const iv = Buffer.from(ivPart, 'base64url');
    const tag = Buffer.from(tagPart, 'base64url');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new TokenCipherError('Unknown token format');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(dataPart, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      // Never echo the value: the message names only the failure.
      throw new TokenCipherError('Token could not be decrypted (wrong key or tampered value)');
    }
  }
}
