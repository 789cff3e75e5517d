import { AccountTimezoneBody, AccountTimezoneResponse, MeResponse } from '../api/v1/me/schema.js';
import { operation } from './operation.js';

/** The connection check (GET /api/v1/me, the whoami tool) and the account's own settings. */
export const ACCOUNT = [
  operation({
    id: 'getMe',
    tool: 'whoami',
    summary: 'The account, the token and the remaining allowance',
    description:
      "The account, the person and token behind this connection, the token's scopes, the remaining monthly allowance and the per-minute rate. Needs no scope: the call for checking a connection. GET /me does not spend the monthly allowance (a tool call spends one, like every tool call).",
    tag: 'account',
    scope: null,
    metered: false,
    kind: 'read',
    http: 'GET /me',
    output: MeResponse,
    run: async (_actor, _input, { services, principal, rate, present }) => {
      const quota = await services.platform.limits.quota(principal.account.id, principal.account.plan.monthlyAllowance);
      return present.me(principal, quota, rate);
    },
  }),
  operation({
    id: 'setAccountTimezone',
    summary: "Set the account's time zone",
    description:
      "The IANA time zone (such as Europe/Berlin; default UTC) the account's analytics count days and hours in, unless a read names its own `tz`. Only an owner or an admin may change it (forbidden, 403).",
    tag: 'account',
    scope: null,
    kind: 'change',
    http: 'PATCH /me/account',
    body: AccountTimezoneBody,
    output: AccountTimezoneResponse,
    run: async (actor, { timezone }, { services }) => ({
      timezone: await services.identity.accounts.setTimezone(actor, timezone),
    }),
  }),
];
