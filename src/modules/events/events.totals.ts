import type { ExpressionBuilder } from 'kysely';
import type { Schema } from '../../db/schema.js';

/**
 * The lifetime count of counted events of the row's target, as a column of a codes or links query:
 * the events writer keeps it per batch in `event_totals`, so no scan ever writes the code's own row.
 */
export const lifetimeTotal = (
  eb: ExpressionBuilder<Schema, 'codes'> | ExpressionBuilder<Schema, 'links'>,
  idColumn: 'codes.id' | 'links.id',
) =>
  (eb as ExpressionBuilder<Schema, 'codes'>)
    .selectFrom('event_totals')
    .select('event_totals.total')
    .whereRef('event_totals.target_id', '=', idColumn as 'codes.id')
    .as('lifetime_total');
