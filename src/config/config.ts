import { eventsConfig, type EventsConfig } from './events.js';
import { mailFrom, smtpUrl } from './mail.js';
import { jobsConfig, type JobsConfig } from './jobs.js';
import { mediaConfig, type MediaConfig } from './media.js';
import { host, metricsToken, trustProxy, type TrustProxy } from './network.js';
import { ConfigError, flag, httpUrl, integer, type Env } from './read.js';
import { databaseReadUrl, databaseSchema, databaseUrl, redisUrl } from './stores.js';
import { challengeKey } from './forms.js';
import { workers } from './workers.js';

export { ConfigError, type EventsConfig, type JobsConfig, type MediaConfig, type TrustProxy };

/** The service's whole configuration, read from the environment once at start-up. */
export interface Config {
  host: string;
  port: number;
  databaseUrl: string;
  /** PostgreSQL only: a streaming replica that analytics and event reads use. */
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
  /** Which peers are proxies whose X-Forwarded-* headers count. */
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
  /** Long work (bulk create, print runs, imports): its files and limits. */
  jobs: JobsConfig;
  /** Serving processes behind the one port (node:cluster); 1 serves from this process alone. */
  workers: number;
  /** HMAC key of the forms' proof-of-work challenges, shared by every instance; null: none. */
  challengeKey: string | null;
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
    jobs: jobsConfig(env, database),
    workers: workers(env, database),
    challengeKey: challengeKey(env),
  };
}
