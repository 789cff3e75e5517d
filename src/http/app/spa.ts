import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { NotFound } from '../../lib/errors.js';
import { ROOT } from '../../root.js';

/** Where `npm run build` puts the dashboard's files (web/dist at the project's root). */
export const WEB_ROOT = fileURLToPath(new URL('../web/dist/', ROOT));

const HASHED = /\/assets\//;

/**
 * The dashboard's Content-Security-Policy: scripts and styles only from its own bundled
 * files (the built index.html has no inline script), requests only to its own origin, images also
 * from data: and blob: (previews and exports drawn in the page), never framed.
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The dashboard's static files under /app: hashed assets cached for a year, index.html never, and
 * every other GET under /app that names no file (a client route like /app/codes/42) answered with
 * index.html so the single-page app can route it. Nothing is fetched from anywhere else.
 * Each text file is sent as the brotli or gzip copy the build wrote beside it when the client
 * accepts one, the page served for client routes included; every file answers
 * `Vary: Accept-Encoding` so a shared cache keeps the copies apart.
 */
export const spaRoutes: FastifyPluginAsync<{ root?: string }> = async (app, { root = WEB_ROOT }) => {
  const index = `${root}index.html`;
  if (!existsSync(index)) {
    app.log.warn({ root }, 'the dashboard is not built (npm run build): /app answers 404');
    app.setNotFoundHandler(async () => {
      throw new NotFound('dashboard (not built on this server)');
    });
    return;
  }
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', DASHBOARD_CSP);
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders(res, path) {
      res.setHeader('Cache-Control', HASHED.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').sendFile('index.html', root);
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const clientRoute =
      (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/app/api/') && !/\.[a-z0-9]+$/i.test(path);
    if (!clientRoute) throw new NotFound('page');
    return sendIndex(reply);
  });
};
