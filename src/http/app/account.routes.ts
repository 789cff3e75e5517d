import { actor, type ApiRoutes } from '../api/v1/context.js';
import { responses } from '../schemas.js';
import { AccountSettingsResponse } from './account.schema.js';
import { declareRoutes } from '../api/v1/route.js';

const route = declareRoutes(['dashboard']);

/**
 * The account's plan, usage and custom domain as the dashboard's settings show them (the accounts
 * service says who may read them).
 */
export const accountRoutes: ApiRoutes = async (app, { services, guard }) => {
  app.get(
    '/account',
    route(
      guard({ scope: null, metered: false }),
      'getAccountSettings',
      'My account: plan, monthly usage, rate limit and custom domain',
      { response: responses({ 200: AccountSettingsResponse }) },
    ),
    async (request) => {
      const acting = actor(request);
      const { plan, allowance, domain, timezone } = await services.identity.accounts.settings(acting, acting.accountId);
      return {
        data: {
          plan: plan.name,
          apiAccess: plan.apiAccess,
          webhooks: plan.webhooks,
          allowance: { limit: allowance.limit, used: allowance.used, resetsAt: new Date(allowance.resetsAt).toISOString() },
          ratePerMinute: plan.ratePerMinute,
          maxCodes: plan.maxCodes,
          domain,
          timezone,
        },
      };
    },
  );
};
