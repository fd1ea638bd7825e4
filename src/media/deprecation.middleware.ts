import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { ServerResponse } from 'node:http';

/**
 * The deprecated dashboard route says so on every answer, errors included (this runs before the
 * guards): `Deprecation: true` and a `Link` to its successor.
 */
@Injectable()
export class DeprecationHeadersMiddleware implements NestMiddleware {
  use(_request: unknown, response: ServerResponse, next: () => void): void {
    response.setHeader('Deprecation', 'true');
    response.setHeader('Link', '</api/v1/get-upload-url>; rel="successor-version"');
    next();
  }
}
