import type { Infrastructure } from './infrastructure.js';
import { checkCodeRow } from './http/api/v1/codes/row-check.js';
import { buildCatalog, type Catalog, type MediaStore } from './catalog/index.js';
import { buildContent, contentAddressesIn, type HostedContent } from './content/index.js';
import { buildDelivery, type Delivery } from './delivery/index.js';
import { buildIdentity, type Identity } from './identity/index.js';
import { buildPlatform, type HitRecorder, type Platform } from './platform/index.js';
import { buildRecording, buildTraffic, type Traffic } from './traffic/index.js';

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
    jobs: config.jobs,
  });
  const identity = buildIdentity(platform, { db, publicUrl: config.publicUrl });
  const delivery = buildDelivery({ database, accounts: identity.accountLookup, config, clock: platform.clock });
  // Hosted pages and GS1 keys record through the recorder, so it is made before them.
  const recording = buildRecording(platform, { database, config });
  const catalog = buildCatalog(platform, identity, {
    db,
    config,
    mediaStore: options.mediaStore,
    contentAddress: contentAddressesIn(db, config.publicUrl),
    checkCodeRow,
  });
  const content = buildContent(platform, identity, delivery, catalog, {
    db,
    config,
    recorder: options.recorder ?? recording.recorder,
  });
  const traffic = buildTraffic(platform, identity, delivery, catalog, content, recording, {
    database,
    config,
    recorder: options.recorder,
  });
  return { platform, identity, delivery, catalog, content, traffic };
}
