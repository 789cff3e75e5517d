import { MeResponse } from '../../api/v1/me/schema.js';
import { defineTool, NoInput, READ } from '../tool.js';

/** The connection check, like GET /api/v1/me. */
export const accountTools = [
  defineTool({
    name: 'whoami',
    title: 'Who am I',
    description:
      "The account, the person and token behind this connection, the token's scopes, the remaining monthly allowance and the per-minute rate. Needs no scope: use it to check a connection.",
    scope: null,
    input: NoInput,
    output: MeResponse,
    annotations: READ,
    async handler(_args, { services, principal, rate, present }) {
      const quota = await services.platform.limits.quota(principal.account.id, principal.account.plan.monthlyAllowance);
      return { data: present.me(principal, quota, rate) };
    },
  }),
];
