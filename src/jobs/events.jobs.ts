import { SYSTEM } from '../platform/index.js';
import type { Services } from '../services.js';
import type { Job } from './job.js';

/**
 * Events housekeeping. Every job is idempotent and bounded, so several instances may run them:
 * - destroy-visitor-salts: once a UTC day is over, its salt and visitor hashes are deleted, so no
 *   visitor of that day can ever be re-identified (retried at the next run if the store is down);
 * - compact-monthly-breakdowns: once a month has been over for a day, builds its monthly breakdowns
 *   from the daily ones in one transaction, one month per run;
 * - purge-old-events (with EVENT_RETENTION_DAYS): deletes raw events older than the retention in
 *   chunks of 5,000 rows, after dropping the ranges of events wholly past it on PostgreSQL; the
 *   rollups keep every analytics figure;
 * - prune-quarter-rollups: deletes the quarter-of-an-hour rollups of days past the ones kept (their
 *   days stay in the daily rollups);
 * - prepare-event-partitions: on PostgreSQL, keeps the partitions of the range of events being
 *   written and of the next one ready.
 */
export function eventJobs(services: Services, retentionDays: number | null): Job[] {
  const jobs: Job[] = [
    { name: 'destroy-visitor-salts', intervalMs: 60_000, run: () => services.traffic.events.destroyPastSalts(SYSTEM) },
    {
      name: 'compact-monthly-breakdowns',
      intervalMs: 600_000,
      run: async () => void (await services.traffic.events.compactClosedMonth(SYSTEM)),
    },
    {
      name: 'prune-quarter-rollups',
      intervalMs: 3_600_000,
      run: async () => void (await services.traffic.events.pruneQuarters(SYSTEM)),
    },
    {
      name: 'prepare-event-partitions',
      intervalMs: 3_600_000,
      run: async () => void (await services.traffic.events.preparePartitions()),
    },
  ];
  if (retentionDays !== null) {
    jobs.push({
      name: 'purge-old-events',
      intervalMs: 3_600_000,
      run: async () => {
        await services.traffic.events.purgeOlderThan(SYSTEM, retentionDays);
      },
    });
  }
  return jobs;
}
