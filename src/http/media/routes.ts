import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../../lib/errors.js';
import { parseMediaPath, type MediaService } from '../../catalog/index.js';

/** Bytes under a content address never change: caches keep them a year without asking again. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** An SVG opened on its own runs nothing and loads nothing, even if a sanitiser missed something. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'";

const Params = Type.Object({ file: Type.String({ maxLength: 80 }) });

/**
 * The public, content-addressed media paths: GET|HEAD /media/<sha256>.<ext>. No account is
 * named: the address is the content's hash, which only someone who was given it knows.
 */
export const mediaPublicRoutes: FastifyPluginAsync<{ media: MediaService }> = async (app, { media }) => {
  app.get<{ Params: { file: string } }>('/media/:file', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const named = parseMediaPath(`/media/${request.params.file}`);
    const bytes = named ? await media.serve(named.sha256, named.type) : null;
    if (!named || !bytes) throw new NotFound('media file');
    const etag = `"${named.sha256}"`;
    reply.header('Cache-Control', MEDIA_CACHE_CONTROL).header('ETag', etag).header('X-Content-Type-Options', 'nosniff');
    if (named.type === 'image/svg+xml') reply.header('Content-Security-Policy', SVG_CSP);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type(named.type).send(bytes);
  });
};
