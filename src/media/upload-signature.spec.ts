import { deriveSigningKey, normalizeContentType, uploadSignature, verifyUploadSignature } from './upload-signature';

describe('upload URL signatures', () => {
  const key = deriveSigningKey(undefined, 'a'.repeat(40));
  const sig = uploadSignature(key, 'm1', 'image/png', 1000);

  it('verifies its own signature, case and parameters of the type aside', () => {
    expect(verifyUploadSignature(key, 'm1', 'image/png', 1000, sig)).toBe(true);
    expect(verifyUploadSignature(key, 'm1', 'Image/PNG; charset=x', 1000, sig)).toBe(true);
  });

  it.each([
    ['another media id', 'm2', 'image/png', 1000, sig],
    ['another type', 'm1', 'image/jpeg', 1000, sig],
    ['another expiry', 'm1', 'image/png', 1001, sig],
    ['a malformed signature', 'm1', 'image/png', 1000, 'zz'],
    ['a flipped signature', 'm1', 'image/png', 1000, (sig[0] === 'a' ? 'b' : 'a') + sig.slice(1)],
  ])('refuses %s', (_n, mediaId, type, expires, presented) => {
    expect(verifyUploadSignature(key, mediaId as string, type as string, expires as number, presented as string)).toBe(false);
  });

  it('uses UPLOAD_SIGNING_SECRET when set, else a key derived from (not equal to) the session secret', () => {
    expect(deriveSigningKey('s'.repeat(32), 'x').toString()).toBe('s'.repeat(32));
    expect(deriveSigningKey(undefined, 'session').equals(Buffer.from('session'))).toBe(false);
    expect(verifyUploadSignature(deriveSigningKey(undefined, 'b'.repeat(40)), 'm1', 'image/png', 1000, sig)).toBe(false);
  });

  it('normalizes content types', () => {
    expect(normalizeContentType(' Video/MP4 ; codecs=x')).toBe('video/mp4');
    expect(normalizeContentType(undefined)).toBe('');
  });
});
