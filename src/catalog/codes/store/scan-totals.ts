import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Schema } from '../../../db/schema.js';

/** The tables whose rows count events of their own: a scan of a code, a click of a link. */
export type CountedTable = 'codes' | 'links';

/** A code's or link's row with its lifetime count of counted events (null before its first). */
export type WithLifetimeTotal<T extends CountedTable> = Selectable<Schema[T]> & { lifetime_total: number | null };

/**
 * The rows of `table`, each with `lifetime_total`, the lifetime count of counted events of its
 * target: the events writer keeps it per batch in `event_targets`, so no scan ever writes the code's
 * own row. The callers narrow, order and run the query.
 */
export function withLifetimeTotals<T extends CountedTable>(
  db: Kysely<Schema>,
  table: T,
): SelectQueryBuilder<Schema, T, WithLifetimeTotal<T>> {
  const query = db
    .selectFrom(table as 'codes')
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('event_targets')
        .select('event_targets.total')
        .whereRef('event_targets.key', '=', `${table as CountedTable}.id` as 'codes.id')
        .as('lifetime_total'),
    );
  return query as unknown as SelectQueryBuilder<Schema, T, WithLifetimeTotal<T>>;
}
