import { iso } from '../../lib/clock.js';
import type { Gs1Prefix } from '../../catalog/index.js';
import { OPERATOR } from '../../platform/index.js';
import type { CliContext } from '../context.js';
import { optional, parse, required, UsageError } from '../args.js';

const USAGE =
  'gs1 prefix assign --account ID --prefix DIGITS | gs1 prefix list [--account ID] | gs1 prefix remove --prefix DIGITS';

const present = (p: Gs1Prefix) => ({ prefix: p.prefix, accountId: p.accountId, createdAt: iso(p.createdAt) });

/** GS1 company prefixes the operator assigns to accounts: on the service's host only that account registers keys under one. */
export async function gs1({ services }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  const [action, ...rest] = argv;
  if (sub !== 'prefix') throw new UsageError(USAGE);
  switch (action) {
    case 'assign': {
      const { values } = parse(rest, { account: 'string', prefix: 'string' });
      const { prefix, heldByOthers } = await services.catalog.gs1.assignPrefix(
        OPERATOR,
        required(values, 'account'),
        required(values, 'prefix'),
      );
      return { prefix: present(prefix), heldByOthers };
    }
    case 'list': {
      const { values } = parse(rest, { account: 'string' });
      return { prefixes: (await services.catalog.gs1.prefixes(OPERATOR, optional(values, 'account'))).map(present) };
    }
    case 'remove': {
      const { values } = parse(rest, { prefix: 'string' });
      const prefix = required(values, 'prefix');
      await services.catalog.gs1.removePrefix(OPERATOR, prefix);
      return { prefix, removed: true };
    }
    default:
      throw new UsageError(USAGE);
  }
}
