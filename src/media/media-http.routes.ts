import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorResponse } from '../common/api-error';
import { MediaUploadsService } from './media-uploads.service';
import { LOCAL_FILES_PATH, LOCAL_UPLOAD_PATH } from './storage/local-storage.driver';
import { MediaMessages } from './media.errors';

/**
 * The signed PUT and the public file route, registered on Fastify directly (not as Nest
 * routes) in their own encapsulated scope: there every content type is accepted and left as the
 * raw stream, so an upload is never parsed or buffered (the app's 10 MB body limit and its JSON
 * parser do not apply here, and nothing changes for other routes).
 */
@Injectable()
export class MediaHttpRoutes implements OnModuleInit {
  private readonly logger = new Logger(MediaHttpRoutes.name);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly uploads: MediaUploadsService,
  ) {}

  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    void instance.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      scope.put(`${LOCAL_UPLOAD_PATH}:mediaId`, (request, reply) => this.put(request, reply));
      scope.get(`${LOCAL_FILES_PATH}*`, (request, reply) => this.get(request, reply));
    });
  }

  private async put(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { mediaId } = request.params as { mediaId: string };
    try {
      const { etag } = await this.uploads.receive(
        mediaId,
        request.query as { expires?: string; signature?: string },
        request.headers['content-type'],
        request.raw,
      );
      await reply.status(200).header('etag', etag).send();
    } catch (err) {
      // Refused before reading the body: close the connection instead of draining a large file.
      await this.fail(reply.header('connection', 'close'), err);
    }
  }

  private async get(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const key = (request.params as { '*': string })['*'];
    try {
      const answer = await this.uploads.serve(key, request.method === 'HEAD' ? 'HEAD' : 'GET', request.headers.range);
      if (!answer) return this.fail(reply, ApiError.notFound(MediaMessages.fileNotFound));
      if (request.method === 'HEAD') {
        // Fastify would reset Content-Length for an empty payload: a HEAD must announce the file's.
        const headers = { ...reply.getHeaders(), ...answer.headers };
        reply.hijack();
        reply.raw.writeHead(answer.status, headers as Record<string, string | number>);
        reply.raw.end();
        return;
      }
      await reply.status(answer.status).headers(answer.headers).send(answer.body);
    } catch (err) {
      await this.fail(reply, err);
    }
  }

  private async fail(reply: FastifyReply, err: unknown): Promise<void> {
    if (reply.sent) return;
    if (!(err instanceof ApiError)) this.logger.error({ err }, 'Media route failed');
    const { status, body } = errorResponse(err);
    await reply.status(status).header('content-type', 'application/json; charset=utf-8').send(body);
  }
}
