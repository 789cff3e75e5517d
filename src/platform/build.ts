import type { JobsConfig } from '../config/config.js';
import type { Database } from '../db/database.js';
import { transactor, type Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import type { InvalidationBus } from './bus/invalidation-bus.js';
import type { CounterStore } from './limits/counter-store.js';
import { JobFiles } from './jobs/job-files.js';
import { JobsService } from './jobs/jobs.service.js';
import { JobsRepository } from './jobs/store/jobs.repository.js';
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
  jobs: JobsConfig;
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
  /** Long work: queued by requests, run by src/jobs. */
  jobs: JobsService;
  /** The jobs table as the runner works it. */
  jobRows: JobsRepository;
}

export function buildPlatform(parts: PlatformParts): Platform {
  const { db, counters, bus, clock } = parts;
  const jobRows = new JobsRepository(db);
  return {
    clock,
    transactor: transactor(db),
    bus,
    counters,
    limits: new LimitsService(counters, clock),
    mail: new MailService(new MailRepository(db), parts.mailTransport, clock),
    jobs: new JobsService(jobRows, new JobFiles(parts.jobs.dir), clock, parts.jobs.keepDays),
    jobRows,
  };
}
