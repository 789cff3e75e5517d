import { iso, isoOrNull } from '../../lib/clock.js';
import { actorOf } from '../../modules/team/roles.policy.js';
import type { ApiToken } from '../../modules/tokens/tokens.types.js';
import type { ApiRoutes } from '../api/v1/context.js';
import { principalOf } from '../guard.js';
import { responses } from '../schemas.js';
import { CreateTokenBody, CreatedTokenResponse, TokenIdParams, TokenListResponse, TokenResponse } from './tokens.schema.js';

export const presentToken = (token: ApiToken) => ({
  id: token.id,
  name: token.name,
  scopes: token.scopes,
  createdAt: iso(token.createdAt),
  expiresAt: isoOrNull(token.expiresAt),
  revokedAt: isoOrNull(token.revokedAt),
  lastUsedAt: isoOrNull(token.lastUsedAt),
});

const TAGS = ['dashboard'];

/**
 * The signed-in person's own API tokens. They exist only on the session surface: a token is created
 * in the account's settings, never through the API with another token (ADR 0081).
 */
export const tokensRoutes: ApiRoutes = async (app, { services, guard }) => {
  const session = guard({ scope: null, metered: false });

  app.get(
    '/tokens',
    {
      onRequest: session,
      schema: {
        operationId: 'listOwnTokens',
        summary: 'My API tokens',
        tags: TAGS,
        response: responses({ 200: TokenListResponse }),
      },
    },
    async (request) => {
      const tokens = await services.tokens.listForActor(actorOf(principalOf(request)));
      return { data: tokens.map(presentToken) };
    },
  );

  app.post(
    '/tokens',
    {
      onRequest: session,
      schema: {
        operationId: 'createOwnToken',
        summary: 'Create an API token for myself; the secret is shown once',
        tags: TAGS,
        body: CreateTokenBody,
        response: responses({ 201: CreatedTokenResponse }),
      },
    },
    async (request, reply) => {
      const { name, scopes, expiresAt } = request.body;
      const { token, record } = await services.tokens.createForActor(actorOf(principalOf(request)), {
        scopes,
        ...(name === undefined ? {} : { name }),
        ...(expiresAt === undefined ? {} : { expiresAt: Date.parse(expiresAt) }),
      });
      return reply.code(201).send({ data: { ...presentToken(record), token } });
    },
  );

  app.delete(
    '/tokens/:id',
    {
      onRequest: session,
      schema: {
        operationId: 'revokeOwnToken',
        summary: 'Revoke one of my API tokens',
        tags: TAGS,
        params: TokenIdParams,
        response: responses({ 200: TokenResponse }, [404]),
      },
    },
    async (request) => {
      const token = await services.tokens.revokeForActor(actorOf(principalOf(request)), request.params.id);
      return { data: presentToken(token) };
    },
  );
};
