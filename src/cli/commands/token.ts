import { isoOrNull } from '../../lib/clock.js';
import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, optionalTime, parse, required, single, UsageError } from '../args.js';

export async function token({ services }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'create': {
      const { values } = parse(argv, {
        account: 'string',
        scopes: 'string',
        user: 'string',
        name: 'string',
        'expires-at': 'string',
      });
      const { token, record } = await services.identity.tokens.create(OPERATOR, {
        accountId: required(values, 'account'),
        scopes: required(values, 'scopes'),
        userId: optional(values, 'user'),
        name: optional(values, 'name'),
        expiresAt: optionalTime(values, 'expires-at'),
      });
      return { id: record.id, token, scopes: record.scopes, userId: record.userId, expiresAt: isoOrNull(record.expiresAt) };
    }
    case 'revoke': {
      const { positionals } = parse(argv, {});
      const record = await services.identity.tokens.revoke(OPERATOR, single(positionals, 'TOKEN_ID'));
      return { id: record.id, revokedAt: isoOrNull(record.revokedAt) };
    }
    default:
      throw new UsageError('token create|revoke');
  }
}
