import type { Config } from './config/config.js';
import type { Database } from './db/database.js';
import type { Infrastructure } from './infrastructure.js';
import type { Clock } from './lib/clock.js';
import { buildCatalog, codeLookupIn, type Catalog, type MediaStore } from './catalog/index.js';
import { buildContent, contentAddressesIn, type HostedContent } from './content/index.js';
import { buildDelivery, type Delivery } from './delivery/index.js';
import { accountLookupIn, buildIdentity, type Identity } from './identity/index.js';
import { buildPlatform, type HitRecorder, type Platform } from './platform/index.js';
import {
  buildBatchWriter as batchWriterOn,
  buildRecording,
  buildTraffic,
  type Traffic,
  type WriterLink,
  type WriterOptions,
} from './traffic/index.js';

export { openInfrastructure, Infrastructure, InfrastructureOptions } from './infrastructure.js';

/** The product's services, one field per context: the one domain layer that REST, MCP, the CLI and the jobs call. */
export interface Services {
  platform: Platform;
  identity: Identity;
  delivery: Delivery;
  catalog: Catalog;
  content: HostedContent;
  traffic: Traffic;
}

export interface ServiceOptions {
  /** Where the resolvers send visits instead of the events recorder (tests observe hits with it). */
  recorder?: HitRecorder;
  /** Where media bytes live (default: the disk store at MEDIA_DIR). */
  mediaStore?: MediaStore;
  /** Where the recorder sends its events: by default a batch writer on this thread. */
  writerLink?: WriterLink;
}

/** The composition root of the domain layer: each context is built on the ones below it. */
export function buildServices(
  infra: Pick<Infrastructure, 'config' | 'database' | 'counters' | 'mailTransport' | 'bus' | 'clock'>,
  options: ServiceOptions = {},
): Services {
  const { database, config } = infra;
  const { db } = database;
  const platform = buildPlatform({
    db,
    counters: infra.counters,
    bus: infra.bus,
    mailTransport: infra.mailTransport,
    clock: infra.clock,
  });
  const identity = buildIdentity(platform, { db, publicUrl: config.publicUrl });
  const delivery = buildDelivery({ database, accounts: identity.accountLookup, config, clock: platform.clock });
  // Hosted pages and GS1 keys record through the recorder, so it is made before them.
  const recording = buildRecording(platform, { database, config, writerLink: options.writerLink });
  const catalog = buildCatalog(platform, identity, {
    db,
    config,
    mediaStore: options.mediaStore,
    contentAddress: contentAddressesIn(db, config.publicUrl),
  });
  const content = buildContent(platform, identity, delivery, catalog, {
    db,
    config,
    recorder: options.recorder ?? recording.recorder,
  });
  const traffic = buildTraffic(platform, identity, delivery, catalog, content, recording, {
    database,
    config,
    writerElsewhere: options.writerLink !== undefined,
    recorder: options.recorder,
  });
  return { platform, identity, delivery, catalog, content, traffic };
}

/**
 * The events' batch writer on its own (a writer thread, a cluster's primary), with the alerts and
 * webhooks each batch commits with, as the serving process would give it.
 */
export function buildBatchWriter(database: Database, config: Config, clock: Clock, options: WriterOptions = {}) {
  const delivery = buildDelivery({ database, accounts: accountLookupIn(database.db), config, clock });
  return batchWriterOn(database, delivery, codeLookupIn(database.db), clock, options);
}
