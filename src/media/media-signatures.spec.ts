import { isAcceptedUploadType, servedInline, signatureMatches, uploadTypeLabel } from './media-signatures';

const head = (...parts: Array<string | number[]>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('upload signatures', () => {
  it('takes the spec list of image and video types and PDF, nothing else (no SVG, no HTML)', () => {
    for (const t of [
      'image/jpeg',
      'image/png',
      'image/gif',
      'image/webp',
      'video/mp4',
      'video/quicktime',
      'video/x-msvideo',
      'video/x-matroska',
      'video/webm',
      'IMAGE/PNG; x=1',
    ]) {
      expect(isAcceptedUploadType(t)).toBe(true);
    }
    for (const t of ['text/html', 'image/svg+xml', 'application/x-pdf', 'audio/mpeg', '', null]) expect(isAcceptedUploadType(t)).toBe(false);
    // LinkedIn document posts take PDFs.
    expect(isAcceptedUploadType('application/pdf')).toBe(true);
    expect(uploadTypeLabel('video/quicktime')).toBe('MOV video');
  });

  it('recognises each type by its first bytes, and refuses what is declared but not there', () => {
    expect(signatureMatches('image/jpeg', head([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(signatureMatches('image/png', head([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    expect(signatureMatches('image/gif', head('GIF89a'))).toBe(true);
    expect(signatureMatches('image/webp', head('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe(true);
    expect(signatureMatches('video/mp4', head([0, 0, 0, 0x18], 'ftypisom'))).toBe(true);
    expect(signatureMatches('video/x-msvideo', head('RIFF', [0, 0, 0, 0], 'AVI '))).toBe(true);
    expect(signatureMatches('video/webm', head([0x1a, 0x45, 0xdf, 0xa3]))).toBe(true);
    expect(signatureMatches('image/png', head('<script>alert(1)</script>'))).toBe(false);
    expect(signatureMatches('image/jpeg', head([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    expect(signatureMatches('video/mp4', head('RIFF', [0, 0, 0, 0], 'WEBP'))).toBe(false);
    expect(signatureMatches('text/html', head('<html>'))).toBe(false);
  });

  it('serves only accepted images and videos inline', () => {
    expect(servedInline('image/png')).toBe(true);
    expect(servedInline('text/html')).toBe(false);
    expect(servedInline('application/octet-stream')).toBe(false);
  });
});
