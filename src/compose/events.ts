import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { transactor, type Transactor } from '../db/transaction.js';
import type { Clock } from '../lib/clock.js';
import { AccountsRepository } from '../identity/accounts.repository.js';
import { AlertsRepository } from '../traffic/alerts/alerts.repository.js';
import { AlertsService } from '../traffic/alerts/alerts.service.js';
import { CodesRepository } from '../catalog/codes/codes.repository.js';
import { AccountWrites } from '../traffic/analytics/recent-writes.js';
import { EventBatchRepository } from '../traffic/events/events.batch.repository.js';
import { MmdbGeoLocator } from '../traffic/events/events.geo.js';
import { publicEvent } from '../traffic/events/events.public.js';
import { EventRecorder } from '../traffic/events/events.recorder.js';
import { EventsRepository } from '../traffic/events/events.repository.js';
import { SaltsRepository, VisitorSalts } from '../traffic/events/events.salts.js';
import { EventsService } from '../traffic/events/events.service.js';
import type { BatchListener, RecordedEvent } from '../traffic/events/events.types.js';
import type { WriterLink } from '../traffic/events/events.writer-link.js';
import { BatchWriter, type WriterOptions } from '../traffic/events/events.writer.js';
import type { CounterStore } from '../platform/limits/counter-store.js';
import { WebhookSender } from '../delivery/webhooks/webhook.sender.js';
import { WebhooksRepository } from '../delivery/webhooks/webhooks.repository.js';
import { WebhooksService } from '../delivery/webhooks/webhooks.service.js';
import type { OutgoingEvent } from '../delivery/webhooks/webhooks.types.js';
import type { Services } from '../services.js';

/** A committed event as webhooks deliver it; its public shape is built only for a subscribed account. */
const outgoingEvent = (event: RecordedEvent): OutgoingEvent => ({
  id: event.id,
  accountId: event.accountId,
  type: event.type,
  occurredAt: event.occurredAt,
  get data() {
    return { ...publicEvent(event) };
  },
});

/** What each batch of events commits with: the alerts it raises and one webhook delivery per subscribed event. */
function batchListeners(alerts: AlertsService, webhooks: WebhooksService): BatchListener[] {
  return [alerts.onBatch, (trx, batch) => webhooks.enqueue(trx, batch, outgoingEvent).then(() => undefined)];
}

/**
 * The batch writer on its own (a writer thread, a cluster's primary): the events' group commit over
 * `database`, with the listeners the serving process would give it.
 */
export function buildBatchWriter(database: Database, config: Config, clock: Clock, options: WriterOptions = {}): BatchWriter {
  const writer = new BatchWriter(
    {
      transactor: transactor(database.db),
      batches: new EventBatchRepository(database.bulk, clock),
      othersWaiting: database.othersWaiting,
    },
    options,
  );
  const webhooks = new WebhooksService(
    new WebhooksRepository(database),
    new AccountsRepository(database.db),
    clock,
    config.webhookAllowPrivate,
  );
  for (const listener of batchListeners(
    new AlertsService(new AlertsRepository(database.db), clock, new CodesRepository(database.db)),
    webhooks,
  )) {
    writer.onBatch(listener);
  }
  return writer;
}

/** What `buildEvents` needs besides the store: the shared parts the composition root made first. */
export interface EventsParts {
  database: Database;
  counters: CounterStore;
  config: Config;
  clock: Clock;
  transactor: Transactor;
  accounts: AccountsRepository;
  /** Where the recorder sends its events: by default a batch writer on this thread (ADR 0100). */
  writerLink?: WriterLink;
}

/**
 * The events side: the recorder and the events store's upkeep, the alerts and webhooks each batch of
 * events commits with, and the webhook outbox the delivery job works through. `accountWrites` is what
 * reading analytics from a replica needs to read one's own writes.
 */
export function buildEvents(parts: EventsParts) {
  const { database, config, clock, transactor: tx, accounts: accountsRepo } = parts;
  const { db } = database;
  const saltsRepo = new SaltsRepository(db);
  const alerts = new AlertsService(new AlertsRepository(db), clock, new CodesRepository(db));
  const recorder = new EventRecorder(
    {
      transactor: tx,
      clock,
      geo: new MmdbGeoLocator({ files: config.events.geoipFiles, headers: config.events.geoHeaders }),
      salts: new VisitorSalts(saltsRepo, clock),
      batches: new EventBatchRepository(database.bulk, clock),
    },
    { link: parts.writerLink, maxBuffered: config.events.bufferMax },
  );
  const accountWrites = new AccountWrites(parts.counters, clock);
  const replica = database.replica;
  const events = new EventsService(
    new EventsRepository(db),
    saltsRepo,
    clock,
    () => recorder.flush(),
    replica ? accountWrites : null,
  );
  const webhooksRepo = new WebhooksRepository(database);
  const webhooks = new WebhooksService(webhooksRepo, accountsRepo, clock, config.webhookAllowPrivate);
  // In each batch's transaction, when the writer runs on this thread (elsewhere it has its own).
  if (!parts.writerLink) for (const listener of batchListeners(alerts, webhooks)) recorder.onBatch(listener);
  const webhookDelivery: Services['webhookDelivery'] = {
    outbox: webhooksRepo,
    sender: new WebhookSender(config.webhookAllowPrivate),
    stats: { succeeded: 0, failed: 0 },
  };
  return { alerts, recorder, events, webhooks, webhookDelivery, accountWrites };
}
