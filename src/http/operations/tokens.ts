import { CreatedTokenResponse, CreateTokenBody, TokenListResponse, TokenResponse } from '../api/v1/tokens/schema.js';
import { IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'dashboard';

/**
 * The signed-in person's own API tokens, only on the session surface (/app/api/tokens): a token is
 * created in the account's settings, never through the API with another token.
 */
export const TOKENS = [
  operation({
    id: 'listOwnTokens',
    summary: 'My API tokens',
    description: 'The tokens the signed-in person made, with their scopes, expiry and last use; never their secrets.',
    tag,
    scope: null,
    metered: false,
    kind: 'read',
    http: 'GET /tokens',
    output: TokenListResponse,
    run: async (actor, _input, { services, present }) => (await services.identity.tokens.list(actor)).map(present.token),
  }),
  operation({
    id: 'createOwnToken',
    summary: 'Create an API token for myself; the secret is shown once',
    description: 'The scopes cannot exceed what the person’s role may do.',
    tag,
    scope: null,
    metered: false,
    kind: 'add',
    http: 'POST /tokens',
    body: CreateTokenBody,
    output: CreatedTokenResponse,
    run: async (actor, { name, scopes, expiresAt }, { services, present }) => {
      const { token, record } = await services.identity.tokens.create(actor, {
        accountId: actor.accountId,
        scopes,
        ...(name === undefined ? {} : { name }),
        ...(expiresAt === undefined ? {} : { expiresAt: Date.parse(expiresAt) }),
      });
      return { ...present.token(record), token };
    },
  }),
  operation({
    id: 'revokeOwnToken',
    summary: 'Revoke one of my API tokens',
    description: 'The token stops working; its record stays, marked revoked.',
    tag,
    scope: null,
    metered: false,
    kind: 'change',
    http: 'DELETE /tokens/:id',
    params: IdParams,
    output: TokenResponse,
    run: async (actor, { id }, { services, present }) => present.token(await services.identity.tokens.revoke(actor, id)),
  }),
];
