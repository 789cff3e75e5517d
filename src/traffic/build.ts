import type { Config } from '../config/config.js';
import type { Database } from '../db/database.js';
import { primaryOnly, replicaRoute } from '../db/read-route.js';
import type { Catalog, CodeLookup } from '../catalog/index.js';
import type { HostedContent } from '../content/index.js';
import type { Delivery, OutgoingEvent } from '../delivery/index.js';
import type { Identity } from '../identity/index.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { HitRecorder, Platform } from '../platform/index.js';
import { AlertsRepository } from './alerts/store/alerts.repository.js';
import { AlertsService } from './alerts/alerts.service.js';
import { AnalyticsRepository } from './analytics/store/analytics.repository.js';
import { AnalyticsService } from './analytics/analytics.service.js';
import { CampaignAnalyticsReader } from './analytics/campaign-analytics.js';
import { ContentAnalyticsService } from './analytics/content-analytics.service.js';
import { RollupFolderFigures } from './analytics/folder-figures.js';
import { RangeReader } from './analytics/range-figures.js';
import { AccountWrites } from './analytics/recent-writes.js';
import { ScanHistoryService } from './analytics/scan-history.service.js';
import { ReportsService } from './reports/reports.service.js';
import { EventBatchRepository } from './events/store/events.batch.repository.js';
import { MmdbGeoLocator } from './events/events.geo.js';
import { publicEvent } from './events/events.public.js';
import { EventRecorder } from './events/events.recorder.js';
import { EventsRepository } from './events/store/events.repository.js';
import { SaltsRepository, VisitorSalts } from './events/store/events.salts.js';
import { EventsService } from './events/events.service.js';
import type { BatchListener, CommittedEvent } from './events/events.types.js';
import { EventKeys } from './events/store/event-keys.js';
import { Gs1ResolverService } from './resolver/gs1-resolver.service.js';
import { ResolverRepository } from './resolver/store/resolver.repository.js';
import { ResolverService } from './resolver/resolver.service.js';

/** Recording: what every surface hands its hits to, and the events store's upkeep. */
export interface Recording {
  /** The HitRecorder every surface records through (the serving process calls `start`). */
  recorder: EventRecorder;
  /** The events store's upkeep (the jobs call it as the system). */
  events: EventsService;
  /** What reading analytics from a replica needs to read one's own writes. */
  accountWrites: AccountWrites;
  /** The events store's integers for accounts, targets and values, shared by its writer and readers. */
  eventKeys: EventKeys;
}

/** The resolver that answers scans and clicks, and the analytics and alerts read from what it records. */
export interface Traffic extends Recording {
  resolver: ResolverService;
  /** The GS1-conformant resolver of registered Digital Link keys. */
  gs1Resolver: Gs1ResolverService;
  analytics: AnalyticsService;
  alerts: AlertsService;
  scanHistory: ScanHistoryService;
  campaignAnalytics: CampaignAnalyticsReader;
  /** Views, unique visitors, submissions and conversion of a form, page or card. */
  contentAnalytics: ContentAnalyticsService;
  /** PDF reports of a code, link or campaign over a range. */
  reports: ReportsService;
}

/** A committed event as webhooks deliver it; its public shape is built only for a subscribed account. */
const outgoingEvent = (event: CommittedEvent): OutgoingEvent => ({
  id: event.id,
  accountId: event.accountId,
  type: event.type,
  occurredAt: event.occurredAt,
  get data() {
    return { ...publicEvent(event) };
  },
});

/** What each batch of events commits with: the alerts it raises and one webhook delivery per subscribed event. */
function batchListeners(alerts: AlertsService, webhooks: Delivery['webhooks']): BatchListener[] {
  return [alerts.onBatch, (trx, batch) => webhooks.enqueue(trx, batch, outgoingEvent).then(() => undefined)];
}

const alertsOn = (database: Database, clock: Clock, codes: CodeLookup) =>
  new AlertsService(new AlertsRepository(database.db), clock, codes);

/**
 * Events written at a time on SQLite, where the writer shares the serving thread: a chunk takes about
 * ten milliseconds, the longest a request waits for it; larger chunks cost less per event.
 */
const SQLITE_CHUNK = 500;

/**
 * The recorder and the events store's upkeep: made before the catalog and content, whose public
 * surfaces (GS1 keys, hosted pages) record through it; `buildTraffic` completes it.
 */
export function buildRecording(platform: Platform, parts: { database: Database; config: Config }): Recording {
  const { database, config } = parts;
  const { clock, transactor: tx } = platform;
  const saltsRepo = new SaltsRepository(database.db);
  const eventKeys = new EventKeys(database.db);
  const recorder = new EventRecorder(
    {
      transactor: tx,
      clock,
      geo: new MmdbGeoLocator({ files: config.events.geoipFiles, headers: config.events.geoHeaders }),
      salts: new VisitorSalts(saltsRepo, clock),
      batches: new EventBatchRepository(database.bulk, eventKeys, clock),
      othersWaiting: database.othersWaiting,
    },
    { maxBuffered: config.events.bufferMax, chunk: database.dialect === 'sqlite' ? SQLITE_CHUNK : undefined },
  );
  const accountWrites = new AccountWrites(platform.counters, clock);
  const events = new EventsService(
    new EventsRepository(database.db, eventKeys, database.bulk),
    saltsRepo,
    clock,
    () => recorder.flush(),
    database.replica ? accountWrites : null,
  );
  return { recorder, events, accountWrites, eventKeys };
}

export interface TrafficParts {
  database: Database;
  config: Pick<Config, 'publicUrl'>;
  /** Where the resolvers send visits instead of the recorder (tests observe hits with it). */
  recorder?: HitRecorder;
}

export function buildTraffic(
  platform: Platform,
  identity: Pick<Identity, 'accountLookup'>,
  delivery: Pick<Delivery, 'webhooks'>,
  catalog: Pick<Catalog, 'codes' | 'links' | 'expiries' | 'campaigns' | 'folders' | 'codeLookup' | 'gs1Lookup' | 'imaging'>,
  content: Pick<HostedContent, 'contentLookup'>,
  recording: Recording,
  parts: TrafficParts,
): Traffic {
  const { database, config } = parts;
  const { db, replica } = database;
  const { clock } = platform;
  const alerts = alertsOn(database, clock, catalog.codeLookup);
  // In each batch's transaction.
  for (const listener of batchListeners(alerts, delivery.webhooks)) recording.recorder.onBatch(listener);
  catalog.expiries.onExpired(alerts.onExpired);
  catalog.expiries.onExpired(async (tx, expired) => {
    const { id, kind, name, reason, at } = expired;
    const event = {
      id: newId(),
      accountId: expired.accountId,
      type: 'code_expired',
      occurredAt: at,
      data: { id, kind, name, reason },
    };
    await delivery.webhooks.enqueue(tx, [event], (e) => e);
  });
  const recorder = parts.recorder ?? recording.recorder;
  const analyticsRepo = new AnalyticsRepository(
    db,
    recording.eventKeys,
    replica ? replicaRoute(db, replica, recording.accountWrites) : primaryOnly(db),
  );
  const ranges = new RangeReader({ events: analyticsRepo, accounts: identity.accountLookup, clock });
  const analytics = new AnalyticsService({
    events: analyticsRepo,
    folders: catalog.folders,
    codes: catalog.codeLookup,
    folderFigures: new RollupFolderFigures(analyticsRepo),
    ranges,
    clock,
  });
  const resolver = new ResolverService({
    repo: new ResolverRepository(db),
    accounts: identity.accountLookup,
    counters: platform.counters,
    bus: platform.bus,
    recorder,
    clock,
    options: { publicUrl: config.publicUrl },
  });
  return {
    ...recording,
    resolver,
    gs1Resolver: new Gs1ResolverService({
      repo: catalog.gs1Lookup,
      namespaces: resolver,
      recorder,
      clock,
      publicUrl: config.publicUrl,
    }),
    analytics,
    alerts,
    scanHistory: new ScanHistoryService(catalog.codes, catalog.links, analytics, recording.events),
    campaignAnalytics: new CampaignAnalyticsReader(catalog.campaigns, analyticsRepo, ranges),
    contentAnalytics: new ContentAnalyticsService({ events: analyticsRepo, contents: content.contentLookup, ranges }),
    reports: new ReportsService({
      codes: catalog.codes,
      links: catalog.links,
      campaigns: catalog.campaigns,
      events: analyticsRepo,
      ranges,
      clock,
      painter: catalog.imaging,
    }),
  };
}
