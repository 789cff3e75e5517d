import type { ApiRoutes } from '../api/v1/context.js';
import { CreateTokenBody, CreatedTokenResponse, TokenListResponse, TokenResponse } from './tokens.schema.js';
import { declareRoutes } from '../api/v1/route.js';
import { resourceRoutes } from '../api/v1/resource.js';

const route = declareRoutes(['dashboard']);

/**
 * The signed-in person's own API tokens. They exist only on the session surface: a token is created
 * in the account's settings, never through the API with another token (ADR 0081).
 */
export const tokensRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  const session = guard({ scope: null, metered: false });

  const tokens = resourceRoutes(app, route, { path: '/tokens', read: session, write: session });

  tokens.list('listOwnTokens', 'My API tokens', {
    response: TokenListResponse,
    run: async (acting) => (await services.tokens.list(acting)).map(present.token),
  });

  tokens.create('createOwnToken', 'Create an API token for myself; the secret is shown once', {
    body: CreateTokenBody,
    response: CreatedTokenResponse,
    run: async (acting, { name, scopes, expiresAt }) => {
      const { token, record } = await services.tokens.create(acting, {
        accountId: acting.accountId,
        scopes,
        ...(name === undefined ? {} : { name }),
        ...(expiresAt === undefined ? {} : { expiresAt: Date.parse(expiresAt) }),
      });
      return { ...present.token(record), token };
    },
  });

  tokens.retire('revokeOwnToken', 'Revoke one of my API tokens', {
    response: TokenResponse,
    run: async (acting, id) => present.token(await services.tokens.revoke(acting, id)),
  });
};
