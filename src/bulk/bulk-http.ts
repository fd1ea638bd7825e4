import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';

/** The routes that take a CSV file as the request body. */
export const CSV_BODY_ROUTES: ReadonlySet<string> = new Set(['/api/v1/bulk/create-posts', '/api/v1/bulk/validate-posts']);

/**
 * `text/csv` bodies: left as the raw stream for the import routes, which read them as they
 * arrive (no 10 MB buffer, their own size cap); every other route answers 415 as Fastify does
 * for a type it has no parser for.
 */
@Injectable()
export class BulkHttpSetup implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const instance = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    instance.addContentTypeParser('text/csv', (request, _payload, done) => {
      if (CSV_BODY_ROUTES.has(request.routeOptions.url ?? '')) return done(null, undefined);
      done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }));
    });
  }
}
