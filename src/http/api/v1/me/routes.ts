import type { ApiRoutes } from '../context.js';
import { responses } from '../../../schemas.js';
import { principalOf } from '../../../guard.js';
import { MeResponse } from './schema.js';

export const meRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  app.get(
    '/me',
    {
      onRequest: guard({ scope: null, metered: false }),
      schema: {
        operationId: 'getMe',
        summary: 'The account, the token and the remaining allowance',
        description: 'Needs no scope: the call for checking a connection. It does not spend the monthly allowance.',
        tags: ['account'],
        response: responses({ 200: MeResponse }),
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const quota = await services.limits.quota(principal.account.id, principal.account.plan.monthlyAllowance);
      return { data: present.me(principal, quota, request.rate!) };
    },
  );
};
