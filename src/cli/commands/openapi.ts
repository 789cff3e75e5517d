import { writeFileSync } from 'node:fs';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/config.js';
import { systemClock } from '../../lib/clock.js';
import { buildServices, openInfrastructure } from '../../services.js';
import { optional, parse } from '../args.js';

type Env = Record<string, string | undefined>;

/**
 * The OpenAPI document this qrelay serves at /api/v1/openapi.json, built in-process on an empty
 * in-memory store (no server, no configured store touched); `servers` comes from PUBLIC_URL. With
 * `dashboard`, the dashboard's own session routes are in it too (its client types are generated from
 * that).
 */
export async function openApiDocument(
  env: Env = process.env,
  options: { dashboard?: boolean } = {},
): Promise<Record<string, unknown>> {
  const config = loadConfig({
    ...env,
    DATABASE_URL: 'sqlite::memory:',
    GEOIP_DB: 'off',
    EVENT_JOURNAL_DIR: 'off',
    REDIS_URL: '',
  });
  const infra = await openInfrastructure(config, { clock: systemClock });
  try {
    const app = await buildApp({
      config,
      database: infra.database,
      services: buildServices(infra),
      logger: false,
      documentDashboard: options.dashboard ?? false,
    });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await infra.close();
  }
}

/** `openapi [--out FILE] [--dashboard]`: the document, printed or written to FILE. */
export async function openapi(argv: string[]): Promise<object> {
  const { values } = parse(argv, { out: 'string', dashboard: 'boolean' });
  const document = await openApiDocument(process.env, { dashboard: values.dashboard === true });
  const out = optional(values, 'out');
  if (!out) return document;
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  const operations = Object.values(document.paths as Record<string, object>).reduce((n, ops) => n + Object.keys(ops).length, 0);
  return { out, operations };
}
