import { ACCEPTED_UPLOADS } from './media-signatures';

/** Media messages: the spec's (get-upload-url, generate-upload-url, delete-media) and ours (uploads, process-video, the dashboard's createUploadUrl; docs/media.md). */
export const MediaMessages = {
  uploadUrlRequired: 'fileName, contentType, and postGroupId are required',
  fileAndTypeRequired: 'fileName and contentType are required',
  fileNameTooLong: 'fileName must be at most 255 characters',
  notImageOrVideo: 'Only video and image files are allowed',
  metadataNotObject: 'metadata must be an object',
  notFound: 'Media file not found',
  postFinished: 'Cannot delete media from a post that has already been published or failed',
  fileNotFound: 'File not found',
  oneVideoPerRequest: 'Only one video file per request',
} as const;

export const UploadMessages = {
  invalid: 'Invalid upload URL signature',
  expired: 'Upload URL has expired',
  used: 'Upload URL has already been used',
  missingType: 'Upload type is missing: request the upload URL with type image or video',
  badType: (t: string) => `Upload type "${t}" is not supported: request the upload URL with type image or video`,
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
