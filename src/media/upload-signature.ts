import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signatures of the local driver's upload URLs: HMAC-SHA256 over the media id, the bound content
 * type and the expiry, so none of them can be changed without the key.
 */
export function uploadSignature(key: Buffer, mediaId: string, contentType: string, expiresUnix: number): string {
  return createHmac('sha256', key)
    .update(`v1\n${mediaId}\n${normalizeContentType(contentType)}\n${expiresUnix}`)
    .digest('hex');
}

/** Constant-time check of a presented signature (any malformed value is simply false). */
export function verifyUploadSignature(key: Buffer, mediaId: string, contentType: string, expiresUnix: number, presented: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(presented)) return false;
  const expected = Buffer.from(uploadSignature(key, mediaId, contentType, expiresUnix), 'hex');
  return timingSafeEqual(expected, Buffer.from(presented, 'hex'));
}

/** The key of upload signatures: UPLOAD_SIGNING_SECRET, else one derived from the session secret. */
export function deriveSigningKey(uploadSecret: string | undefined, sessionSecret: string): Buffer {
  if (uploadSecret) return Buffer.from(uploadSecret, 'utf8');
  // A separate derived key, so an upload signature is never valid as a cookie signature.
  return createHmac('sha256', sessionSecret).update('media-upload-url-signing').digest();
}

/** `Image/PNG; charset=x` → `image/png`: the part a PUT must match (parameters are ignored). */
export function normalizeContentType(value: string | undefined | null): string {
  return String(value ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
}
