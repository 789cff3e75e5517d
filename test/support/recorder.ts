import { transactor } from '../../src/db/transaction.js';
import { EventBatchRepository } from '../../src/traffic/events/store/events.batch.repository.js';
import { EventKeys } from '../../src/traffic/events/store/event-keys.js';
import { MmdbGeoLocator } from '../../src/traffic/events/events.geo.js';
import { EventRecorder, type RecorderOptions } from '../../src/traffic/events/events.recorder.js';
import { SaltsRepository, VisitorSalts } from '../../src/traffic/events/store/events.salts.js';
import type { Hit, HitRecorder } from '../../src/platform/recording/hit-recorder.js';
import type { Harness } from './harness.js';

/** Keeps every hit it is given, for assertions. */
export class MemoryRecorder implements HitRecorder {
  readonly hits: Hit[] = [];
  record(hit: Hit): void {
    this.hits.push(hit);
  }
  clear(): void {
    this.hits.length = 0;
  }
}

/** A recorder over the harness's store as a serving process has one (nowhere located); its own writer unless `options.link`. */
export function storeRecorder(h: Harness, options: RecorderOptions = {}): EventRecorder {
  return new EventRecorder(
    {
      transactor: transactor(h.infra.database.db),
      clock: h.clock,
      geo: new MmdbGeoLocator({ files: [], headers: { country: null, region: null, city: null } }),
      salts: new VisitorSalts(new SaltsRepository(h.infra.database.db), h.clock),
      batches: new EventBatchRepository(h.infra.database.bulk, new EventKeys(h.infra.database.db), h.clock),
    },
    options,
  );
}
