import fastifyStatic from '@fastify/static';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Path prefixes that belong to the service, never to the dashboard: an unknown path under one of
 * them gets the API's own 404, not the dashboard's page (MCP_PATH is added by the caller).
 * `/webhooks` is the session REST API of webhooks, so the dashboard's page is `/webhook-endpoints`.
 */
export const SERVICE_PREFIXES = ['/api', '/graphql', '/auth', '/mcp', '/media', '/connect', '/health', '/metrics', '/webhooks'];

/**
 * Where `npm run build` puts the dashboard (web/, built by Vite): dist/dashboard. From the
 * compiled app (dist/src/dashboard) that is two folders up; from the sources run with swc-node
 * (src/dashboard, `npm run start:dev` and the e2e tests), it is under dist/.
 */
export function defaultDashboardDir(): string | null {
  const candidates = [resolve(__dirname, '..', '..', 'dashboard'), resolve(__dirname, '..', '..', 'dist', 'dashboard')];
  return candidates.find((dir) => existsSync(join(dir, 'index.html'))) ?? null;
}

/** True for `/api`, `/api/…`, but not `/apix`. */
export function isServicePath(path: string, prefixes: readonly string[]): boolean {
  return prefixes.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Serves the built dashboard at `/`: its files (`/assets/*` are content-hashed, so cached for a
 * year; everything else is revalidated), and `index.html` for a browser's page load (Accept:
 * text/html) of any other path, so client routes (`/api-keys`, `/posts/…`) load the app. One
 * wildcard route, which Fastify's router tries only after every other route, so it never shadows
 * the service; under the service's prefixes, for a missing file, or for a client that does not
 * ask for HTML (an API client's typo), it hands the request to the app's own JSON 404.
 */
export async function registerDashboard(app: NestFastifyApplication, options: { dir: string | null; mcpPath: string }): Promise<void> {
  const logger = new Logger('Dashboard');
  const { dir } = options;
  if (!dir) {
    logger.warn('The dashboard is not built (run `npm run build`); `/` will answer 404');
    return;
  }
  const prefixes = [...SERVICE_PREFIXES, options.mcpPath.replace(/\/+$/, '')];
  const fastify = app.getHttpAdapter().getInstance();
  await fastify.register(async (scope) => {
    // Only reply.sendFile (its path checks refuse `..` and dotfiles); the one route below serves.
    await scope.register(fastifyStatic, { root: dir, serve: false });
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const path = decodeURIComponentSafe(request.url.split('?')[0]);
      if (path === null || isServicePath(path, prefixes)) return reply.callNotFound();
      const file = path.replace(/^\/+/, '');
      if (file && file !== 'index.html' && isFile(dir, file)) {
        const hashed = file.startsWith('assets/');
        return reply.sendFile(file, { maxAge: hashed ? '365d' : 0, immutable: hashed });
      }
      // Something that looks like a file but is not one: a 404, not the app.
      if (/\.[a-z0-9]+$/i.test(file) || !acceptsHtml(request)) return reply.callNotFound();
      void reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html', { maxAge: 0, cacheControl: false });
    };
    scope.get('/*', handler);
  });
  logger.log(`Serving the dashboard from ${dir}`);
}

function acceptsHtml(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

function decodeURIComponentSafe(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null;
  }
}

function isFile(root: string, relative: string): boolean {
  const full = resolve(root, relative);
  if (!full.startsWith(root + '/')) return false;
  try {
    return statSync(full).isFile();
  } catch {
    return false;
  }
}
