import { ACCEPTED_UPLOADS } from './media-signatures';

/** Media messages: the spec's (get-upload-url, generate-upload-url, delete-media) and ours (uploads, process-video, the dashboard's createUploadUrl; docs/media.md). */
export const MediaMessages = {
  uploadUrlRequired: 'fileName, contentType, and postGroupId are required',
  fileAndTypeRequired: 'fileName and contentType are required',
  fileNameTooLong: 'fileName must be at most 255 characters',
  notImageOrVideo: 'Only video and image files are allowed',
  notUploadable: 'Only video, image and PDF document files are allowed',
  metadataNotObject: 'metadata must be an object',
  notFound: 'Media file not found',
  postFinished: 'Cannot delete media from a post that has already been published or failed',
  fileNotFound: 'File not found',
  oneVideoPerRequest: 'Only one video file per request',
  // Alt text (docs/media.md "Alt text").
  altTextNotString: 'altText must be a string',
  altTextRequired: 'altText is required (an empty string clears it)',
  altTextTooLong: (max: number) => `altText must be at most ${max} characters`,
  altTextControlCharacter: (codePoint: string, position: number) =>
    `altText must not contain control characters other than tab, line feed and carriage return: ${codePoint} at character ${position}`,
  altTextUnpairedSurrogate: (codePoint: string, position: number) =>
    `altText must be valid Unicode text: an unpaired surrogate ${codePoint} at character ${position}`,
  altTextTooLongFor: (label: string, length: number, limit: number) => `altText is too long for ${label} (${length}/${limit} characters)`,
  altTextPostFinished: 'Cannot change alt text in a post that has already been published or failed',
  altTextPublishing: 'Cannot change alt text while the post is being published',
  altTextNotInMediaIds: (mediaId: string) => `mediaAltTexts names a media file that is not in mediaIds: ${mediaId}`,
} as const;

export const UploadMessages = {
  invalid: 'Invalid upload URL signature',
  expired: 'Upload URL has expired',
  used: 'Upload URL has already been used',
  missingType: 'Upload type is missing: request the upload URL with type image, video or document',
  badType: (t: string) => `Upload type "${t}" is not supported: request the upload URL with type image, video or document`,
  documentMismatch: (contentType: string) =>
    contentType === 'application/pdf'
      ? 'A PDF is uploaded as a document: request the upload URL with type document'
      : `Documents are PDF files: request a document's upload URL with contentType application/pdf (got ${contentType || 'none'})`,
  contentType: (expected: string) => `Content-Type must be ${expected}, the type the upload URL was issued for`,
  notHere: 'This upload goes to object storage: use the uploadUrl returned by get-upload-url',
  interrupted: 'Upload interrupted before the file was complete; the URL can be retried until it expires',
  unsupported: (t: string) => `Only ${ACCEPTED_UPLOADS} can be uploaded; ${t || 'this type'} is not one of them`,
  notThatType: (label: string) =>
    `The file is not a ${label}: its first bytes are those of another kind of file. Upload a ${label}, or ask for an upload URL of the file's real type`,
} as const;

export const ProcessVideoMessages = {
  noFile: 'No video file uploaded',
  unsupported: 'Unsupported video format. Allowed: MP4, MOV, AVI, MKV, WebM',
  noGroup: 'postGroupId is required',
  tooLarge: (mb: number, plan: string) => `Video exceeds the ${mb} MB upload limit of the ${plan} plan`,
} as const;

/** Media by URL (bulk import, docs/bulk.md): each names the URL as given (without its query). */
export const MediaUrlMessages = {
  refused: (url: string, why: string) => `Media URL ${shortUrlOf(url)} cannot be fetched: ${why}`,
  unresolved: (url: string) => `Media URL ${shortUrlOf(url)} cannot be fetched: its host name does not resolve`,
  unreachable: (url: string) => `Media URL ${shortUrlOf(url)} cannot be fetched: the server could not be reached`,
  timedOut: (url: string, seconds: number) => `Media URL ${shortUrlOf(url)} cannot be fetched: no complete answer within ${seconds} s`,
  status: (url: string, status: number) => `Media URL ${shortUrlOf(url)} answered HTTP ${status}`,
  unsupported: (url: string, contentType: string) =>
    `Media URL ${shortUrlOf(url)} is ${contentType || 'of no stated type'}: only ${ACCEPTED_UPLOADS} can be attached`,
  notThatType: (url: string, label: string) => `Media URL ${shortUrlOf(url)} is not a ${label}: its first bytes are those of another kind of file`,
  tooLarge: (url: string, mb: number, plan: string) => `Media URL ${shortUrlOf(url)} is larger than the ${mb} MB upload limit of the ${plan} plan`,
  interrupted: (url: string) => `Media URL ${shortUrlOf(url)} cannot be fetched: the download was interrupted`,
} as const;

/** A URL as messages show it: without its query (which may carry a signature), at most 200 characters. */
function shortUrlOf(url: string): string {
  const bare = url.split(/[?#]/)[0];
  return bare.length > 200 ? `${bare.slice(0, 197)}...` : bare;
}
