import type { ApiRoutes } from '../context.js';
import { responses } from '../../../schemas.js';
import { principalOf } from '../../../guard.js';
import { MeResponse } from './schema.js';
import { declareRoutes } from '../route.js';

const route = declareRoutes(['account']);

export const meRoutes: ApiRoutes = async (app, { services, guard, present }) => {
  app.get(
    '/me',
    route(guard({ scope: null, metered: false }), 'getMe', 'The account, the token and the remaining allowance', {
      description: 'Needs no scope: the call for checking a connection. It does not spend the monthly allowance.',
      response: responses({ 200: MeResponse }),
    }),
    async (request) => {
      const principal = principalOf(request);
      const quota = await services.platform.limits.quota(principal.account.id, principal.account.plan.monthlyAllowance);
      return { data: present.me(principal, quota, request.rate!) };
    },
  );
};
