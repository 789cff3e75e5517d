import { InvalidRequest } from '../../lib/errors.js';
import { type Dimension, type EventType, type StoredEvent } from '../events/events.types.js';

export interface ListEventsInput {
  limit?: number;
  codeId?: string;
  type?: EventType;
  /** The opaque `nextCursor` of the previous page. */
  cursor?: string;
}

export interface EventPage {
  events: StoredEvent[];
  /** Pass as `cursor` for the next (older) page; null when this page is the last. */
  nextCursor: string | null;
}

export interface Breakdown {
  /** null = not known (no location, unrecognised agent, no placement). */
  value: string | null;
  count: number;
}

/** A region's events: its name as the location source gives it, and its country (two letters; null: not known). */
export interface RegionBreakdown {
  value: string;
  country: string | null;
  count: number;
}

/** A city's events, with the region and country it lies in. */
export interface CityBreakdown extends RegionBreakdown {
  region: string | null;
}

/** The figures of a set of targets over a window (see range-figures.ts). */
export interface WindowFigures {
  /** `excluded`: automated and HEAD hits that were not counted. */
  totals: { scans: number; uniqueVisitors: number; excluded: number };
  daily: { date: string; scans: number; uniqueVisitors: number; excluded: number }[];
  countries: Breakdown[];
  devices: Breakdown[];
  os: Breakdown[];
  browsers: Breakdown[];
  placements: Breakdown[];
  /** Only events whose region is known, counted since the rollups have held places. */
  regions: RegionBreakdown[];
  /** Only events whose city is known, counted since the rollups have held places. */
  cities: CityBreakdown[];
}

/** The window the figures cover: its length in days, its first and last day and the zone they are days of. */
export interface FiguresWindow {
  days: number;
  from: string;
  to: string;
  tz: string;
}

/** What a request may ask for beside the daily figures. */
export interface FiguresExtras {
  /** Every hour of the range in its zone (interval=hour). */
  hourly?: { at: string; local: string; scans: number; uniqueVisitors: number }[];
  /** Scans per weekday (7 rows, Monday first) and hour of the day (24 columns) in the zone. */
  grid?: number[][];
  /** The same number of days just before the range, and the change to this one (a fraction; null from 0). */
  previous?: {
    from: string;
    to: string;
    totals: { scans: number; uniqueVisitors: number };
    daily: { date: string; scans: number; uniqueVisitors: number }[];
    change: { scans: number | null; uniqueVisitors: number | null };
  };
}

export interface CodeAnalytics extends WindowFigures, FiguresWindow, FiguresExtras {}

/** A set of codes' figures over a window: the set's totals beside its series and breakdowns, and each code's. */
interface SetFigures<Code> extends Omit<WindowFigures, 'totals'>, FiguresWindow, FiguresExtras {
  scans: number;
  uniqueVisitors: number;
  excluded: number;
  codes: Code[];
}

/** The figures of a set of codes, as the rollups answer them: per code, and the whole set over the window. */
export type CodesFigures = SetFigures<{ codeId: string; scans: number; uniqueVisitors: number }>;

/** A code's figures beside its name, as folder and account analytics list them. */
export interface NamedCodeFigures {
  codeId: string;
  name: string;
  scans: number;
  uniqueVisitors: number;
}

/**
 * A folder's figures: the totals and `codes` it always had, plus the window's series and breakdowns
 * over all its codes (added within v1).
 */
export interface FolderAnalytics extends SetFigures<NamedCodeFigures> {
  /** Every code of the folder, most scanned first, then by name. */
  codes: NamedCodeFigures[];
}

/** The account's codes together over a window, and its most scanned codes in it. */
export interface AccountAnalytics extends WindowFigures, FiguresWindow, FiguresExtras {
  /** Codes in the account (archived ones included: their past scans still count). */
  codeCount: number;
  /** The most scanned codes of the window (at most TOP_CODES, only codes scanned in it). */
  topCodes: NamedCodeFigures[];
}

/** Codes listed at most in an account's top codes. */
export const TOP_CODES = 10;

/** Values per breakdown returned at most (the largest); the rest are not individual records either. */
export const BREAKDOWN_LIMIT = 100;

export const BREAKDOWN_KEYS: Record<Dimension, 'countries' | 'devices' | 'os' | 'browsers' | 'placements'> = {
  country: 'countries',
  device: 'devices',
  os: 'os',
  browser: 'browsers',
  placement: 'placements',
};

/** `value`, or `fallback` when absent; 400 unless it is an integer from `min` to `max`. */
export function bounded(value: number | undefined, fallback: number, min: number, max: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < min || v > max)
    throw new InvalidRequest(`${field} must be an integer from ${min} to ${max}.`, field);
  return v;
}
