import { extname } from 'node:path';

/** Upload types: a `document` is a PDF (LinkedIn document posts). */
export const MEDIA_TYPES = ['image', 'video', 'document'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

export function isMediaType(value: unknown): value is MediaType {
  return typeof value === 'string' && (MEDIA_TYPES as readonly string[]).includes(value);
}

/**
 * The spec's rule: trimmed, spaces become underscores, anything other than letters, digits,
 * underscore, dot and hyphen removed. An empty result becomes `file` so the key never ends in `-`.
 */
export function sanitizeFileName(fileName: string): string {
  const cleaned = fileName
    .trim()
    .replace(/ /g, '_')
    .replace(/[^A-Za-z0-9_.-]/g, '');
  return cleaned || 'file';
}

/** File systems take 255 bytes per name: the last key segment is `<16 hex>-<name>`. */
const MAX_STORED_NAME = 255 - 17;

/** The sanitised name, its stem shortened (extension kept) so the key's last segment can be stored. */
export function storedFileName(fileName: string): string {
  const name = sanitizeFileName(fileName);
  if (name.length <= MAX_STORED_NAME) return name;
  const ext = extname(name).slice(0, 16);
  return name.slice(0, MAX_STORED_NAME - ext.length) + ext;
}

/** `<type>/<userId>/<random>-<sanitised name>`; `unknown-type/…` when the type is missing. */
export function storageKey(type: MediaType | null, userId: string, random: string, fileName: string): string {
  return `${type ?? 'unknown-type'}/${userId}/${random}-${storedFileName(fileName)}`;
}

/**
 * A key that is safe as a relative path: our own shape only (no `..`, no absolute paths, no
 * hidden segments such as the temp folder).
 */
export function isSafeKey(key: string): boolean {
  if (!key || key.length > 1024 || key.startsWith('/')) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.') && /^[A-Za-z0-9_.-]+$/.test(segment));
}

const VIDEO_MIME_TYPES = new Set(['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/avi', 'video/msvideo', 'video/x-matroska', 'video/webm']);
const VIDEO_EXTENSIONS = new Set(['.mp4', '.mov', '.avi', '.mkv', '.webm']);

/** process-video's filter: an accepted MIME type, or an accepted extension (generic MIME types). */
export function isAcceptedVideo(mimeType: string | undefined, fileName: string | undefined): boolean {
  const mime = String(mimeType ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (VIDEO_MIME_TYPES.has(mime)) return true;
  const generic = mime === '' || mime === 'application/octet-stream';
  return generic && VIDEO_EXTENSIONS.has(extname(String(fileName ?? '')).toLowerCase());
}

/** MIME type of a video by extension, for files sent as `application/octet-stream`. */
export function videoMimeTypeFor(fileName: string, given: string | undefined): string {
  const mime = String(given ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (VIDEO_MIME_TYPES.has(mime)) return mime;
  const byExt: Record<string, string> = {
    '.mp4': 'video/mp4',
    '.mov': 'video/quicktime',
    '.avi': 'video/x-msvideo',
    '.mkv': 'video/x-matroska',
    '.webm': 'video/webm',
  };
  return byExt[extname(fileName).toLowerCase()] ?? 'application/octet-stream';
}

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a Range header against a file of `size` bytes: the range, `null` when
 * the header is absent or not a single byte range (serve the whole file), or `'unsatisfiable'`.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** `num/den` frame rates of ffprobe (`30000/1001`) as a number, rounded to 3 decimals. */
export function parseFrameRate(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const [num, den] = value.split('/').map(Number);
  const rate = den ? num / den : num;
  return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 1000) / 1000 : undefined;
}

/** width / height rounded to 4 decimals. */
export function aspectRatio(width: number | undefined, height: number | undefined): number | undefined {
  return width && height ? Math.round((width / height) * 10000) / 10000 : undefined;
}
