import { isIP } from 'node:net';
import type { Static } from '@sinclair/typebox';
import type { Config } from '../../config/config.js';
import { actor, type ApiRoutes } from '../api/v1/context.js';
import { principalOf } from '../guard.js';
import { responses } from '../schemas.js';
import { AccountSettingsResponse, type AccountSettings } from './account.schema.js';
import { declareRoutes } from '../api/v1/route.js';

type DnsRecord = NonNullable<Static<typeof AccountSettings>['domain']>['record'];

const route = declareRoutes(['dashboard']);

/** The record that points `host` at this service: a CNAME to its public host name, or A/AAAA to its address. */
export function dnsRecordFor(host: string, config: Pick<Config, 'publicUrl'>): DnsRecord {
  const target = new URL(config.publicUrl).hostname.replace(/^\[|\]$/g, '');
  const family = isIP(target);
  if (family === 4) return { type: 'A', name: host, value: target };
  if (family === 6) return { type: 'AAAA', name: host, value: target };
  return { type: 'CNAME', name: host, value: `${target}.` };
}

/**
 * The account's plan, usage and custom domain as the dashboard's settings show them. Any signed-in
 * person may read them; the operator changes them (CLI), nobody through the dashboard.
 */
export const accountRoutes: ApiRoutes = async (app, { config, services, guard }) => {
  app.get(
    '/account',
    route(
      guard({ scope: null, metered: false }),
      'getAccountSettings',
      'My account: plan, monthly usage, rate limit and custom domain',
      { response: responses({ 200: AccountSettingsResponse }) },
    ),
    async (request) => {
      const { account: held } = principalOf(request);
      const { plan } = held;
      const [account, quota] = await Promise.all([
        services.accounts.get(actor(request), held.id),
        services.limits.quota(held.id, plan.monthlyAllowance),
      ]);
      return {
        data: {
          plan: plan.name,
          apiAccess: plan.apiAccess,
          webhooks: plan.webhooks,
          allowance: {
            limit: quota.limit,
            used: quota.limit - quota.remaining,
            resetsAt: new Date(quota.resetsAt).toISOString(),
          },
          ratePerMinute: plan.ratePerMinute,
          maxCodes: plan.maxCodes,
          domain: account.domain ? { host: account.domain, record: dnsRecordFor(account.domain, config) } : null,
        },
      };
    },
  );
};
