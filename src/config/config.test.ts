import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      host: '127.0.0.1',
      port: 8080,
      databaseUrl: 'sqlite:./data/qrelay.db',
      publicUrl: 'http://localhost:8080',
      redisUrl: null,
      trustProxy: false,
      webhookAllowPrivate: false,
      databaseReadUrl: null,
      metricsToken: null,
      adminPort: null,
    });
    expect(loadConfig({ PORT: '9000' }).publicUrl).toBe('http://localhost:9000');
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '0.0.0.0',
      PORT: '3000',
      DATABASE_URL: 'postgres://u@db:5432/q',
      PUBLIC_URL: 'https://qr.example.com/',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: 'true',
      WEBHOOK_ALLOW_PRIVATE: '1',
      DATABASE_READ_URL: 'postgres://u@replica:5432/q',
      METRICS_TOKEN: 'scrape-0123456789abcdef',
      ADMIN_PORT: '9464',
      CHALLENGE_HMAC_KEY: 'k'.repeat(32),
    });
    expect(config).toMatchObject({
      databaseReadUrl: 'postgres://u@replica:5432/q',
      metricsToken: 'scrape-0123456789abcdef',
      adminPort: 9464,
      challengeKey: 'k'.repeat(32),
      host: '0.0.0.0',
      port: 3000,
      databaseUrl: 'postgres://u@db:5432/q',
      publicUrl: 'https://qr.example.com',
      redisUrl: 'redis://cache:6379',
      trustProxy: 1,
      webhookAllowPrivate: true,
    });
  });

  it.each([
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['DATABASE_URL', 'sqlite:'],
    ['DATABASE_URL', 'mongodb://x'],
    ['PUBLIC_URL', 'not a url'],
    ['PUBLIC_URL', 'https://x.test/?a=1'],
    ['HOMEPAGE_URL', 'javascript:alert(1)'],
    ['HOMEPAGE_URL', 'not a url'],
    ['REDIS_URL', 'localhost:6379'],
    ['TRUST_PROXY', 'yes please'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example'],
    ['TRUST_PROXY', '100'],
    ['WEBHOOK_ALLOW_PRIVATE', '2'],
    ['LOG_LEVEL', 'loud'],
    ['GEOIP_DB', '/no/such/file.mmdb'],
    ['GEO_COUNTRY_HEADER', 'cf ipcountry'],
    ['EVENT_RETENTION_DAYS', '-3'],
    ['EVENT_BUFFER_MAX', '99'],
    ['DATABASE_READ_URL', 'postgres://replica:5432/q'],
    ['METRICS_TOKEN', 'short'],
    ['METRICS_TOKEN', 'a token with spaces in it'],
    ['ADMIN_PORT', '0'],
    ['CHALLENGE_HMAC_KEY', 'too-short'],
    ['CHALLENGE_HMAC_KEY', 'a key with spaces in it that is long enough'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^${name}:`));
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1,loopback, 192.168.0.0/255.255.0.0' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '::1',
      'loopback',
      '192.168.0.0/255.255.0.0',
    ]);
  });

  it('reads the events variables', () => {
    expect(loadConfig({}).events).toMatchObject({
      journalDir: './data/qrelay.db.journal',
      retentionDays: null,
      bufferMax: 100_000,
      geoHeaders: { country: null, region: null, city: null },
    });
    expect(loadConfig({}).events.geoipFiles).toHaveLength(2);
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/q',
      GEOIP_DB: 'off',
      GEO_COUNTRY_HEADER: 'CF-IPCountry',
      GEO_CITY_HEADER: 'cf-ipcity',
      EVENT_JOURNAL_DIR: '/var/lib/qrelay/journal',
      EVENT_RETENTION_DAYS: '400',
      EVENT_BUFFER_MAX: '5000',
    });
    expect(config.events).toEqual({
      geoipFiles: [],
      geoHeaders: { country: 'cf-ipcountry', region: null, city: 'cf-ipcity' },
      journalDir: '/var/lib/qrelay/journal',
      retentionDays: 400,
      bufferMax: 5000,
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/q' }).events.journalDir).toBe('./data/journal');
    expect(loadConfig({ EVENT_JOURNAL_DIR: 'off' }).events.journalDir).toBeNull();
  });

  it('reads the media variables: the folder beside the SQLite file by default, limits in bytes', () => {
    expect(loadConfig({}).media).toEqual({ dir: 'data/media', maxFileBytes: 5_242_880, maxAccountBytes: 209_715_200 });
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/q' }).media.dir).toBe('./data/media');
    const config = loadConfig({ MEDIA_DIR: '/srv/media', MEDIA_MAX_FILE_BYTES: '2048', MEDIA_MAX_ACCOUNT_BYTES: '4096' });
    expect(config.media).toEqual({ dir: '/srv/media', maxFileBytes: 2048, maxAccountBytes: 4096 });
    expect(() => loadConfig({ MEDIA_MAX_FILE_BYTES: '10' })).toThrow(/^MEDIA_MAX_FILE_BYTES:/);
  });

  it('reads WORKERS: one on SQLite and never several, one per core by default on PostgreSQL', () => {
    const postgres = 'postgres://u@db/q';
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).workers).toBe(1);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/^WORKERS: must be 1 with SQLite .* several need PostgreSQL/);
    expect(() => loadConfig({ DATABASE_URL: 'sqlite::memory:', WORKERS: '2' })).toThrow(/^WORKERS: must be 1/);
    expect(loadConfig({ DATABASE_URL: postgres }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: postgres, WORKERS: '3' }).workers).toBe(3);
    expect(() => loadConfig({ DATABASE_URL: postgres, WORKERS: '0' })).toThrow(/^WORKERS: must be between 1 and 256/);
  });
});
