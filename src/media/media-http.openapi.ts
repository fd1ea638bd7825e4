import type { OpenAPIObject } from '@nestjs/swagger';

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});
const binary = { schema: { type: 'string', format: 'binary' } };
/** What a stored file is served as: its own type (the accepted uploads), or octet-stream when it has none on record. */
const servedFile = { 'image/*': binary, 'video/*': binary, 'application/pdf': binary, 'application/octet-stream': binary };

/**
 * The two raw Fastify routes of local storage (they stream bodies, so they are not Nest
 * controllers), described by hand for the OpenAPI document.
 */
export const MEDIA_HTTP_PATHS: OpenAPIObject['paths'] = {
  '/media/upload/{mediaId}': {
    put: {
      tags: ['media'],
      operationId: 'uploadMediaFile',
      summary: 'Upload the file of a get-upload-url answer (the signed uploadUrl, local storage)',
      description: 'The body is the raw file, streamed; Content-Type must be the type the upload URL was issued for. The URL is signed and can be used once.',
      security: [],
      parameters: [
        { name: 'mediaId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'expires', in: 'query', required: true, schema: { type: 'string' }, description: 'Part of the signed URL' },
        { name: 'signature', in: 'query', required: true, schema: { type: 'string' }, description: 'Part of the signed URL' },
      ],
      requestBody: { required: true, content: { 'image/*': binary, 'video/*': binary, 'application/pdf': binary } },
      responses: {
        '200': { description: 'Stored; the ETag header names the stored bytes', headers: { ETag: { schema: { type: 'string' } } } },
        '400': error('Wrong or missing Content-Type, or the upload was interrupted'),
        '403': error('Invalid or expired upload URL'),
        '409': error('This upload URL was already used'),
        '415': error(
          'Not a type that can be uploaded (images, videos, PDF documents), a PDF not requested as a document (or the reverse), or bytes that are not the declared type (magic numbers)',
        ),
      },
    },
  },
  '/media/files/{path}': {
    get: {
      tags: ['media'],
      operationId: 'getMediaFile',
      summary: 'A stored media file (local storage); supports Range requests',
      security: [],
      parameters: [{ name: 'path', in: 'path', required: true, schema: { type: 'string' }, description: 'The key after /media/files/ in fileUrl' }],
      responses: {
        '200': { description: 'The file', content: servedFile },
        '206': { description: 'The requested byte range', content: servedFile },
        '404': error('File not found'),
        '416': { description: 'The range is outside the file (Content-Range names its size); no body', content: servedFile },
      },
    },
  },
};
