import { iso } from '../../lib/clock.js';
import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, parse, required, UsageError } from '../args.js';

export async function user({ services, present }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'create': {
      const { values } = parse(argv, { account: 'string', email: 'string', role: 'string', name: 'string' });
      const user = await services.identity.users.create(OPERATOR, {
        accountId: required(values, 'account'),
        email: required(values, 'email'),
        role: required(values, 'role'),
        name: optional(values, 'name'),
      });
      return { user: present.user(user) };
    }
    case 'password-link': {
      const { values } = parse(argv, { email: 'string', account: 'string' });
      const account = optional(values, 'account');
      const link = await services.identity.passwords.linkFor(OPERATOR, {
        email: required(values, 'email'),
        ...(account ? { accountId: account } : {}),
      });
      return { url: link.url, expiresAt: iso(link.expiresAt), user: { id: link.user.id, email: link.user.email } };
    }
    default:
      throw new UsageError('user create | user password-link');
  }
}
