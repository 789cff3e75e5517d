import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from '../config/config.js';
import { clientAddress, type ClientAddress } from './client-address.js';
import { NotFound } from '../lib/errors.js';
import { newRequestId } from '../lib/request-id.js';
import { createClientErrorHandler, createErrorRenderer } from './errors.js';
import { checkBodyText, decodeUtf8 } from './text-input.js';
import { installValidators } from './validation.js';
import { SECURITY_HEADERS } from './security-headers.js';
import { sharedSerializers } from './serializers.js';
import { rewriteUrl } from './surface.js';

export type ServerFactory = (handler: (req: IncomingMessage, res: ServerResponse) => void) => Server;

/**
 * A Fastify instance with qrelay's HTTP basics: request ids, no client address in logs, body
 * parsing, validation and the one error renderer. Routes are added by the caller.
 */
export function createServer(
  config: Config,
  logger?: boolean | Record<string, unknown>,
  serverFactory?: ServerFactory,
  client: ClientAddress = clientAddress(config.trustProxy),
): FastifyInstance {
  const renderError = createErrorRenderer(config.publicUrl);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
    },
    trustProxy: client.trust,
    bodyLimit: config.bodyLimit,
    genReqId: newRequestId,
    ...(serverFactory ? { serverFactory } : {}),
    requestIdHeader: false,
    // The dashboard reaches the one mount of the v1 routes: their serializers are compiled once.
    rewriteUrl,
    schemaController: { compilersFactory: { buildSerializer: sharedSerializers() } },
    // Failures before routing (a malformed address, a path part too long) render like every other one.
    frameworkErrors: (error, request, reply) => {
      reply.headers({ 'X-Request-Id': request.id, ...SECURITY_HEADERS });
      renderError(error, request, reply);
    },
    clientErrorHandler: createClientErrorHandler(config.publicUrl, SECURITY_HEADERS),
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  app.setErrorHandler((error, request, reply) => renderError(error, request, reply));
  app.setNotFoundHandler(async () => {
    throw new NotFound('page');
  });
  app.addHook('onRequest', async (request, reply) => {
    reply.headers({ 'X-Request-Id': request.id, ...SECURITY_HEADERS });
  });
  // JSON is the only body the API reads: text/plain (parsed by default) is 415 like every other type.
  app.removeContentTypeParser('text/plain');
  // An empty body with a JSON content type means "no body", as clients often send one with POST.
  // Bodies are UTF-8 without control characters or lone surrogates.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeUtf8(body as Buffer);
    } catch (error) {
      return done(error as Error, undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      try {
        checkBodyText(value);
      } catch (invalid) {
        return done(invalid as Error, undefined);
      }
      done(null, value);
    });
  });
  return app;
}
