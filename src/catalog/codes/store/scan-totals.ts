import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Schema } from '../../../db/schema.js';

/** A code's or link's row with its lifetime count of counted events (null before its first). */
export type WithLifetimeTotal = Selectable<Schema['codes']> & { lifetime_total: number | null };

/**
 * The rows of `codes` (codes and links), each with `lifetime_total`, the lifetime count of counted
 * events of its target: the events writer keeps it per batch in `event_targets`, so no scan ever
 * writes the code's own row. The callers narrow, order and run the query.
 */
export function withLifetimeTotals(db: Kysely<Schema>): SelectQueryBuilder<Schema, 'codes', WithLifetimeTotal> {
  return db
    .selectFrom('codes')
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('event_targets')
        .select('event_targets.total')
        .whereRef('event_targets.key', '=', 'codes.id')
        .as('lifetime_total'),
    );
}
