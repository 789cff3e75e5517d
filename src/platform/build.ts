import type { Database } from '../db/database.js';
import { transactor, type Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { InvalidationBus } from './bus/invalidation-bus.js';
import type { CounterStore } from './limits/counter-store.js';
import { LimitsService } from './limits/limits.service.js';
import { MailRepository } from './mail/store/mail.repository.js';
import { MailService } from './mail/mail.service.js';
import type { MailTransport } from './mail/mail.types.js';

/** What the platform is made of: the store, the counters, the bus and the mail transport the process opened. */
export interface PlatformParts {
  db: Database['db'];
  counters: CounterStore;
  bus: InvalidationBus;
  mailTransport: MailTransport | null;
  clock: Clock;
}

/** What every context stands on. */
export interface Platform {
  clock: Clock;
  transactor: Transactor;
  /** Tells every instance's caches that something they hold changed. */
  bus: InvalidationBus;
  counters: CounterStore;
  limits: LimitsService;
  /** The outbox of mail to people, sent when SMTP is configured. */
  mail: MailService;
}

export function buildPlatform(parts: PlatformParts): Platform {
  const { db, counters, bus, clock } = parts;
  return {
    clock,
    transactor: transactor(db),
    bus,
    counters,
    limits: new LimitsService(counters, clock),
    mail: new MailService(new MailRepository(db), parts.mailTransport, clock),
  };
}
