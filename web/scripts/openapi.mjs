// Writes the OpenAPI document the dashboard's client types are generated from, without a server:
// the built service is assembled in-process over an in-memory store and asked for its document,
// including the dashboard's own session routes (absent from the public /api/v1/openapi.json).
import { writeFileSync } from 'node:fs';
import { buildApp } from '../../dist/app.js';
import { loadConfig } from '../../dist/config/config.js';
import { systemClock } from '../../dist/lib/clock.js';
import { buildServices, openInfrastructure } from '../../dist/services.js';

const out = process.argv[2] ?? 'openapi.json';
const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', EVENT_JOURNAL_DIR: 'off', GEOIP_DB: 'off', LOG_LEVEL: 'silent' });
const infra = await openInfrastructure(config, { clock: systemClock });
const app = await buildApp({
  config,
  database: infra.database,
  services: buildServices(infra),
  logger: false,
  documentDashboard: true,
});
await app.ready();
writeFileSync(out, JSON.stringify(app.swagger(), null, 2));
await app.close();
await infra.close();
