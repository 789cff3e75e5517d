import { actor, type ApiRoutes } from '../api/v1/context.js';
import { IdParams, responses } from '../schemas.js';
import { CreateTokenBody, CreatedTokenResponse, TokenListResponse, TokenResponse } from './tokens.schema.js';
import { declareRoutes } from '../api/v1/route.js';

const route = declareRoutes(['dashboard']);

/**
 * The signed-in person's own API tokens. They exist only on the session surface: a token is created
 * in the account's settings, never through the API with another token (ADR 0081).
 */
export const tokensRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const session = guard({ scope: null, metered: false });

  app.get(
    '/tokens',
    route(session, 'listOwnTokens', 'My API tokens', { response: responses({ 200: TokenListResponse }) }),
    async (request) => {
      const tokens = await services.tokens.listForActor(actor(request));
      return { data: tokens.map(present.token) };
    },
  );

  app.post(
    '/tokens',
    route(session, 'createOwnToken', 'Create an API token for myself; the secret is shown once', {
      body: CreateTokenBody,
      response: responses({ 201: CreatedTokenResponse }),
    }),
    async (request, reply) => {
      const { name, scopes, expiresAt } = request.body;
      const { token, record } = await services.tokens.createForActor(actor(request), {
        scopes,
        ...(name === undefined ? {} : { name }),
        ...(expiresAt === undefined ? {} : { expiresAt: Date.parse(expiresAt) }),
      });
      return reply.code(201).send({ data: { ...present.token(record), token } });
    },
  );

  app.delete(
    '/tokens/:id',
    route(session, 'revokeOwnToken', 'Revoke one of my API tokens', {
      params: IdParams,
      response: responses({ 200: TokenResponse }, [404]),
    }),
    async (request) => {
      const token = await services.tokens.revokeForActor(actor(request), request.params.id);
      return { data: present.token(token) };
    },
  );
};
