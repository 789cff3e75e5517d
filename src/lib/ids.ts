import { randomFillSync, randomInt } from 'node:crypto';
import { v7 } from 'uuid';

/** A new identifier: UUIDv7, so ids sort by creation time and index well on both stores. */
export const newId = (): string => v7();

const at = { msecs: Number.NaN, seq: 0 };

/**
 * Random bytes for event ids, drawn 16 at a time from a pool refilled 256 ids at a time (the uuid
 * package's own pool is refilled every 16 ids, each refill a native call, and copies each draw).
 */
const pool = new Uint8Array(4096);
let drawn = pool.length;

function randomSixteen(): Uint8Array {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  drawn += 16;
  return pool.subarray(drawn - 16, drawn);
}

/**
 * A new identifier whose time is `ms` (an event's id carries the time it occurred). Ids of the same
 * millisecond made in this process sort in the order they were made: their sequence field counts up
 * from a random start.
 */
export function newIdAt(ms: number): string {
  if (ms === at.msecs) at.seq += 1;
  else {
    at.msecs = ms;
    at.seq = randomInt(0, 2 ** 30);
  }
  return v7({ msecs: ms, seq: at.seq, random: randomSixteen() });
}

/** The smallest UUIDv7 of the millisecond `ms`: every id made at or after `ms` sorts at or above it. */
export function idFloorAt(ms: number): string {
  const hex = Math.max(0, Math.trunc(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** The millisecond a UUIDv7 was made for (its first 48 bits). */
export const timeOfId = (id: string): number => parseInt(id.slice(0, 8) + id.slice(9, 13), 16);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string): boolean => UUID.test(value);
