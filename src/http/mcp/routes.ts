import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Config } from '../../config/config.js';
import type { Services } from '../../services.js';
import { errorBody } from '../errors.js';
import { bearerToken, principalOf, type Guard, type TokenReader } from '../guard.js';
import { actorOf } from '../../platform/index.js';
import type { Presenters } from '../presenters.js';
import { buildMcpServer } from './server.js';
import type { ToolDefinition } from './tool.js';

export interface McpContext {
  config: Config;
  services: Services;
  /** A guard reading tokens with `mcpToken`. */
  guard: Guard;
  tools: readonly ToolDefinition[];
  present: Presenters;
}

/** On /mcp, and only there, the token may also come as `X-API-Key: <token>` (SPEC 5 rule 1). */
export const mcpToken: TokenReader = (request) => {
  const key = request.headers['x-api-key'];
  return typeof key === 'string' && /^\S+$/.test(key) ? key : bearerToken(request);
};

/** Headers the guard set on the Fastify reply (RateLimit-*, Quota-*, X-Request-Id) go on the raw response. */
function handOver(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value as string | number | string[]);
  }
  reply.hijack();
}

/**
 * The MCP endpoint (Streamable HTTP, stateless: a fresh server and transport per request).
 * Each POST runs the API chain once (authenticate → rate → plan → allowance left); each tool call checks
 * its scope and spends one from the allowance, so the protocol's own messages (initialize, tools/list) are free.
 */
export const mcpRoutes: FastifyPluginAsync<McpContext> = async (app, { config, services, guard, tools, present }) => {
  app.decorateRequest('principal', null);
  app.decorateRequest('rate', null);

  app.post(
    '/mcp',
    { onRequest: guard({ scope: null, metered: true, spends: false }), schema: { hide: true } },
    async (request, reply) => {
      const server = buildMcpServer({
        config,
        services,
        tools,
        principal: principalOf(request),
        actor: actorOf(principalOf(request)),
        present,
        rate: request.rate!,
        log: request.log,
        requestId: request.id,
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      handOver(reply);
      try {
        await server.connect(transport);
        await transport.handleRequest(request.raw, reply.raw, request.body);
      } catch (error) {
        request.log.error({ err: error }, 'MCP transport failed');
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          reply.raw.end(JSON.stringify(errorBody(config.publicUrl, 'internal_error', 'An unexpected error occurred.')));
        }
      }
    },
  );

  // Stateless: no server-initiated stream to open (GET) and no session to end (DELETE).
  const notAllowed = async (_request: unknown, reply: FastifyReply) =>
    reply
      .code(405)
      .header('Allow', 'POST')
      .send(errorBody(config.publicUrl, 'invalid_request', 'This MCP endpoint is stateless: send JSON-RPC messages with POST.'));
  app.get('/mcp', { schema: { hide: true } }, notAllowed);
  app.delete('/mcp', { schema: { hide: true } }, notAllowed);
};
