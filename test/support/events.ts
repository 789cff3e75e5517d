import type { Kysely } from 'kysely';
import type { Schema } from '../../src/db/schema.js';
import { decodeCounts } from '../../src/traffic/events/store/counts.js';
import type { RecordedEvent } from '../../src/traffic/events/events.types.js';

/** A phone's scan of `targetId` (a code) at `at`, as the recorder hands it to the batch writer. */
export function scanEvent(fields: {
  accountId: string;
  targetId: string;
  at: number;
  visitor: string;
  country?: string;
}): RecordedEvent {
  return {
    accountId: fields.accountId,
    type: 'scan',
    targetId: fields.targetId,
    codeId: fields.targetId,
    linkId: null,
    occurredAt: fields.at,
    placement: null,
    country: fields.country ?? 'DE',
    region: null,
    city: null,
    os: 'iOS',
    device: 'mobile',
    browser: 'Mobile Safari',
    visitor: fields.visitor,
  };
}

/** A target's rollup row of a day as figures: events, uniques, and events per dimension value. */
export async function dayRollup(
  db: Kysely<Schema>,
  targetKey: string,
  day: number,
): Promise<{ events: number; uniques: number; counts: Map<string, number> } | null> {
  const row = await db
    .selectFrom('event_days')
    .innerJoin('event_targets', 'event_targets.id', 'event_days.target')
    .select(['event_days.events', 'event_days.uniques', 'event_days.counts'])
    .where('event_targets.key', '=', targetKey)
    .where('event_days.day', '=', day)
    .executeTakeFirst();
  if (!row) return null;
  return { events: Number(row.events), uniques: Number(row.uniques), counts: await namedCounts(db, row.counts) };
}

/** Packed counts as `dimension:value` → events. */
export async function namedCounts(db: Kysely<Schema>, packed: Uint8Array): Promise<Map<string, number>> {
  const counts = decodeCounts(packed);
  const names = await db.selectFrom('event_values').selectAll().execute();
  const byCode = new Map(names.map((n) => [Number(n.id), `${n.dimension}:${n.value}`]));
  return new Map([...counts].map(([code, n]) => [byCode.get(code)!, n]));
}

/** How many events an account (by its key) has stored. */
export async function storedEvents(db: Kysely<Schema>, accountKey: string): Promise<number> {
  const row = await db
    .selectFrom('events')
    .innerJoin('event_accounts', 'event_accounts.id', 'events.account')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('event_accounts.key', '=', accountKey)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
