import { Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The routes the spec says "do not exist" (the planned LinkedIn feed endpoints). */
export const DISABLED_FEED_ROUTES = ['linkedin-posts', 'linkedin-post-comments', 'linkedin-post-reactions'];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The framework's default not-found page (Express/finalhandler wording), byte for byte. */
export function notFoundHtml(method: string, path: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
    `<pre>Cannot ${escapeHtml(method)} ${escapeHtml(path)}</pre>\n</body>\n</html>\n`
  );
}

/**
 * The three disabled analytics-feed routes answer the framework's HTML 404, before any auth,
 * exactly as if they did not exist. Every other unknown route keeps the JSON 404 of the global
 * filter; these are explicit routes so the filter's behaviour stays untouched.
 */
@ApiExcludeController()
@Controller('api/v1')
export class DisabledFeedController {
  @Post(DISABLED_FEED_ROUTES)
  notFound(@Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    void reply
      .status(404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', "default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      .send(notFoundHtml(request.method, request.url.split('?')[0]));
  }
}
