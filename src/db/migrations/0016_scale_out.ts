import { sql, type Kysely } from 'kysely';
import { idFloorAt } from '../../lib/ids.js';
import { dialectOf } from '../dialect.js';

/** The events indexes (0004, 0008, 0010) as the partitioned table declares them. */
const INDEXES: [string, string[]][] = [
  ['events_account_idx', ['account_id', 'id']],
  ['events_account_type_idx', ['account_id', 'type', 'id']],
  ['events_account_target_idx', ['account_id', 'target_id', 'id']],
];

/** Months of partitions made ready after the current one. */
const MONTHS_AHEAD = 3;

/** A month as the number of months since January 1970 (UTC). */
const monthIndexOf = (ms: number): number => {
  const d = new Date(ms);
  return (d.getUTCFullYear() - 1970) * 12 + d.getUTCMonth();
};

const monthStartMs = (month: number): number => Date.UTC(1970 + Math.floor(month / 12), month % 12, 1);

const partitionName = (month: number): string =>
  `events_${1970 + Math.floor(month / 12)}_${String((month % 12) + 1).padStart(2, '0')}`;

/**
 * Several instances on one store:
 * - `job_leases`: a periodic job runs on one instance per interval, whoever takes the lease;
 * - on PostgreSQL, `events` becomes a table partitioned by month of its UUIDv7 id. The existing
 *   table is attached as it is as `events_history`, holding every id below the first month that has
 *   no event yet, so the upgrade copies no row; months from there get their own partitions.
 *   SQLite keeps its table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table job_leases (name text primary key, holder text not null, lease_until bigint not null)`.execute(db);
  if (dialectOf(db) !== 'postgres') return;

  const { rows } = await sql<{ last: string | null }>`select max(id) as last from events`.execute(db);
  const lastMs = rows[0]?.last ? parseInt(rows[0].last.replace(/-/g, '').slice(0, 12), 16) : 0;
  const firstMonth = Math.max(monthIndexOf(Date.now()), monthIndexOf(lastMs) + 1);
  const bound = idFloorAt(monthStartMs(firstMonth));

  await sql`alter table events rename to events_history`.execute(db);
  await sql`alter table events_history rename constraint events_pkey to events_history_pkey`.execute(db);
  for (const [name] of INDEXES) await sql`alter index ${sql.id(name)} rename to ${sql.id(`${name}_history`)}`.execute(db);
  await sql`create table events (like events_history including defaults) partition by range (id)`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (id)`.execute(db);
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('events').columns(columns).execute();
  await sql`alter table events attach partition events_history for values from (minvalue) to (${sql.lit(bound)})`.execute(db);
  await sql`create table events_default partition of events default`.execute(db);
  // The table is new and its default partition empty: each month is made a partition directly.
  for (let month = firstMonth; month <= monthIndexOf(Date.now()) + MONTHS_AHEAD; month += 1) {
    const [from, to] = [idFloorAt(monthStartMs(month)), idFloorAt(monthStartMs(month + 1))];
    await sql`create table ${sql.id(partitionName(month))} partition of events for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table events rename to events_partitioned`.execute(db);
  await sql`alter table events_partitioned rename constraint events_pkey to events_partitioned_pkey`.execute(db);
  for (const [name] of INDEXES) await sql`alter index ${sql.id(name)} rename to ${sql.id(`${name}_partitioned`)}`.execute(db);
  await sql`create table events (like events_partitioned including defaults)`.execute(db);
  await sql`alter table events add constraint events_pkey primary key (id)`.execute(db);
  await sql`insert into events select * from events_partitioned`.execute(db);
  await sql`drop table events_partitioned cascade`.execute(db);
  for (const [name, columns] of INDEXES) await db.schema.createIndex(name).on('events').columns(columns).execute();
}
