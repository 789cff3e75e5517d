import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, optionalInteger, parse, required, single, UsageError } from '../args.js';

export async function account({ services }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'create': {
      const { values } = parse(argv, {
        name: 'string',
        plan: 'string',
        'owner-email': 'string',
        domain: 'string',
        'monthly-allowance': 'string',
        'rate-per-minute': 'string',
        'max-codes': 'string',
      });
      const { account, owner } = await services.identity.accounts.create(OPERATOR, {
        name: required(values, 'name'),
        plan: required(values, 'plan'),
        ownerEmail: optional(values, 'owner-email'),
        domain: optional(values, 'domain'),
        monthlyAllowance: optionalInteger(values, 'monthly-allowance'),
        ratePerMinute: optionalInteger(values, 'rate-per-minute'),
        maxCodes: optionalInteger(values, 'max-codes'),
      });
      return {
        account: { id: account.id, name: account.name, plan: account.plan, domain: account.domain },
        owner: { id: owner.id, email: owner.email },
      };
    }
    case 'suspend': {
      const { positionals } = parse(argv, {});
      const account = await services.identity.accounts.suspend(OPERATOR, single(positionals, 'ACCOUNT_ID'));
      return { account: { id: account.id, name: account.name, plan: account.plan, status: account.status } };
    }
    default:
      throw new UsageError('account create|suspend');
  }
}
