import type { BulkTable } from '../../../db/bulk.js';
import { EVENT_DIMENSIONS } from '../events.types.js';

/** The shapes in which the events store's tables are written through the bulk writer (db/bulk.ts). */
export const EVENTS: BulkTable = {
  table: 'events',
  columns: ['seq', 'account', 'target', 'type', 'at', ...EVENT_DIMENSIONS],
  conflict: [],
  numbers: ['seq', 'account', 'target', 'type', 'at', ...EVENT_DIMENSIONS],
};
export const VISITORS: BulkTable = {
  table: 'daily_visitors',
  columns: ['day', 'target', 'visitor'],
  conflict: ['day', 'target', 'visitor'],
  numbers: ['day', 'target'],
};
const rollupTable = (
  table: 'event_days' | 'event_months' | 'event_quarters',
  period: 'day' | 'month' | 'quarter',
): BulkTable => ({
  table,
  columns: ['target', period, 'events', 'uniques', 'counts'],
  conflict: ['target', period],
  replace: ['events', 'uniques', 'counts'],
  numbers: ['target', period, 'events', 'uniques'],
  blobs: ['counts'],
});
export const DAYS = rollupTable('event_days', 'day');
export const MONTHS = rollupTable('event_months', 'month');
export const QUARTERS = rollupTable('event_quarters', 'quarter');
/** Every target's row exists (`prepare` made it), so each insert here turns into the addition. */
export const TOTALS: BulkTable = {
  table: 'event_targets',
  columns: ['id', 'account', 'key', 'total'],
  conflict: ['id'],
  increment: ['total'],
  numbers: ['id', 'account', 'total'],
};
export const EXCLUDED: BulkTable = {
  table: 'excluded_hits',
  columns: ['target', 'day', 'hits'],
  conflict: ['target', 'day'],
  increment: ['hits'],
  numbers: ['target', 'day', 'hits'],
};
export const MARKS: BulkTable = {
  table: 'event_marks',
  columns: ['journal', 'position'],
  conflict: ['journal'],
  replace: ['position'],
  numbers: ['position'],
};
