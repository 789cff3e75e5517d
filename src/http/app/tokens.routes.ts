import { operationRoutes } from '../api/v1/operations.js';
import { TOKENS } from '../operations/tokens.js';

/**
 * The signed-in person's own API tokens. They exist only on the session surface: a token is created
 * in the account's settings, never through the API with another token.
 */
export const tokensRoutes = operationRoutes(TOKENS);
