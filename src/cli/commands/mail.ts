import { iso, isoOrNull } from '../../lib/clock.js';
import type { CliContext } from '../context.js';
import { optional, optionalInteger, parse, UsageError } from '../args.js';

/** The mail outbox: what qrelay has sent or, without SMTP_URL, holds for the operator to pass on. */
export async function mail({ services }: CliContext, sub: string | undefined, argv: string[]): Promise<object> {
  switch (sub) {
    case 'list': {
      const { values } = parse(argv, { limit: 'string', to: 'string' });
      const messages = await services.platform.mail.list({ limit: optionalInteger(values, 'limit'), to: optional(values, 'to') });
      return {
        mail: messages.map((m) => ({
          id: m.id,
          kind: m.kind,
          to: m.to,
          subject: m.subject,
          text: m.text,
          status: m.status,
          attempts: m.attempts,
          createdAt: iso(m.createdAt),
          sentAt: isoOrNull(m.sentAt),
          lastError: m.lastError,
        })),
      };
    }
    default:
      throw new UsageError('mail list');
  }
}
