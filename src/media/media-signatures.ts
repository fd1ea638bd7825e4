/**
 * The image, video and document (PDF) types the platforms take (spec, media limits) and how each file type's
 * first bytes look. Hand-written rather than the `file-type` package: that one is ESM-only (this
 * app is CommonJS), and nine signatures are all we need.
 */
const ascii = (head: Buffer, offset: number, text: string) => head.subarray(offset, offset + text.length).toString('latin1') === text;
const bytes = (head: Buffer, offset: number, values: number[]) => values.every((v, i) => head[offset + i] === v);

const isJpeg = (h: Buffer) => bytes(h, 0, [0xff, 0xd8, 0xff]);
const isPng = (h: Buffer) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isGif = (h: Buffer) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a');
const isWebp = (h: Buffer) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP');
/** ISO base media (MP4, MOV): a box type at offset 4; QuickTime files may open with other atoms. */
const isIsoMedia = (h: Buffer) => ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].some((box) => ascii(h, 4, box));
const isAvi = (h: Buffer) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'AVI ');
/** Matroska and WebM: an EBML header. */
const isEbml = (h: Buffer) => bytes(h, 0, [0x1a, 0x45, 0xdf, 0xa3]);
const isPdf = (h: Buffer) => ascii(h, 0, '%PDF-');

const UPLOAD_TYPES: Record<string, { label: string; matches: (head: Buffer) => boolean }> = {
  'image/jpeg': { label: 'JPEG image', matches: isJpeg },
  'image/jpg': { label: 'JPEG image', matches: isJpeg },
  'image/png': { label: 'PNG image', matches: isPng },
  'image/gif': { label: 'GIF image', matches: isGif },
  'image/webp': { label: 'WebP image', matches: isWebp },
  'video/mp4': { label: 'MP4 video', matches: isIsoMedia },
  'video/quicktime': { label: 'MOV video', matches: isIsoMedia },
  'video/x-msvideo': { label: 'AVI video', matches: isAvi },
  'video/avi': { label: 'AVI video', matches: isAvi },
  'video/msvideo': { label: 'AVI video', matches: isAvi },
  'video/x-matroska': { label: 'MKV video', matches: isEbml },
  'video/webm': { label: 'WebM video', matches: isEbml },
  'application/pdf': { label: 'PDF document', matches: isPdf },
};

/** Bytes the check needs from the start of a file. */
export const SIGNATURE_BYTES = 12;

export const ACCEPTED_UPLOADS = 'JPEG, PNG, GIF and WebP images, MP4, MOV, AVI, MKV and WebM videos and PDF documents';

/** The one document type taken (LinkedIn document posts). */
export const DOCUMENT_MIME_TYPE = 'application/pdf';

/** Whether a content type is a PDF (parameters and case ignored). */
export function isDocumentType(mimeType: string | null | undefined): boolean {
  return base(mimeType) === DOCUMENT_MIME_TYPE;
}

const base = (mimeType: string | null | undefined) =>
  String(mimeType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

export function isAcceptedUploadType(mimeType: string | null | undefined): boolean {
  return base(mimeType) in UPLOAD_TYPES;
}

export function uploadTypeLabel(mimeType: string | null | undefined): string {
  return UPLOAD_TYPES[base(mimeType)]?.label ?? base(mimeType);
}

/** Whether a file's first bytes are those of the declared type (false for types we do not take). */
export function signatureMatches(mimeType: string | null | undefined, head: Buffer): boolean {
  return UPLOAD_TYPES[base(mimeType)]?.matches(head) ?? false;
}

/** Served inline only when it is an image or video we take; anything else (a PDF too: it may carry scripts) is a download. */
export function servedInline(contentType: string): boolean {
  return isAcceptedUploadType(contentType) && !isDocumentType(contentType);
}
