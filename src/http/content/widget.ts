import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { NotFound } from '../../lib/errors.js';
import { hasChallenge, type FormChallenges, type FormDocument, type PublicContentService } from '../../content/index.js';
import { chosenEncoding, compressedCopies } from './compressed.js';

const require = createRequire(import.meta.url);
/** dist/main of the installed `altcha` package (its exports name no package.json). */
const widgetDir = dirname(require.resolve('altcha'));
const widgetVersion = (JSON.parse(readFileSync(join(widgetDir, '../../package.json'), 'utf8')) as { version: string }).version;

/** Where the challenge widget is served: named by its version, so it is cached for good. */
export const WIDGET_PATH = `/content/altcha-${widgetVersion}.js`;

/**
 * The proof-of-work challenge of public forms: ALTCHA's widget, one self-contained module
 * from the installed package (nothing fetched from elsewhere), and a fresh signed challenge per
 * request for a published form that asks for one.
 */
export const challengeRoutes: FastifyPluginAsync<{ content: PublicContentService; challenges: FormChallenges }> = async (
  app,
  { content, challenges },
) => {
  const script = readFileSync(join(widgetDir, 'altcha.min.js'));
  // About 114 KB as it is, 31 KB in brotli: the one script a public page may load, on a phone's network.
  const copies = compressedCopies(script);

  app.route({
    method: ['GET', 'HEAD'],
    url: WIDGET_PATH,
    schema: { hide: true },
    handler: async (request, reply) => {
      const encoding = chosenEncoding(request.headers['accept-encoding']);
      const copy = encoding ? await copies[encoding] : null;
      if (encoding && copy) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('vary', 'Accept-Encoding')
        .header('x-content-type-options', 'nosniff')
        .type('text/javascript; charset=utf-8')
        .send(copy ?? script);
    },
  });

  app.get<{ Params: { id: string } }>('/f/:id/challenge', { schema: { hide: true } }, async (request, reply) => {
    const lookup = await content.lookup<FormDocument>('form', request.params.id, request.host);
    if (lookup.kind !== 'found' || !hasChallenge(lookup.content.document)) throw new NotFound('form');
    const challenge = await challenges.create(lookup.content.id);
    if (!challenge) throw new NotFound('form');
    return reply.header('cache-control', 'no-store').send(challenge);
  });
};
