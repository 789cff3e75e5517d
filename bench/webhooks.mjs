// Webhook delivery throughput: N events fanned out to one subscription on a local receiver,
// drained by the delivery worker. Usage: node bench/webhooks.mjs [N] (after npm run build).
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../dist/config/config.js';
import { ManualClock } from '../dist/lib/clock.js';
import { newId } from '../dist/lib/ids.js';
import { buildServices, openInfrastructure } from '../dist/services.js';
import { WebhookDeliveryJob } from '../dist/jobs/webhook-delivery.job.js';
import { WebhookSender } from '../dist/delivery/webhooks/webhook.sender.js';
import { WebhooksRepository } from '../dist/delivery/webhooks/store/webhooks.repository.js';
import { OPERATOR, person } from '../dist/platform/authz/roles.policy.js';

const N = Number(process.argv[2] ?? 10_000);

async function receiver() {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/hook`, count: () => count, close: () => server.close() };
}

async function run(name, env, schema) {
  const config = loadConfig({ ...env, WEBHOOK_ALLOW_PRIVATE: '1', LOG_LEVEL: 'silent' });
  const clock = new ManualClock(Date.now());
  const infra = await openInfrastructure(config, { clock, database: { schema } });
  const services = buildServices(infra);
  const rx = await receiver();
  const { account } = await services.identity.accounts.create(OPERATOR, { name: 'bench', plan: 'enterprise' });
  await services.delivery.webhooks.create(person(account.id, 'bench', 'owner'), { url: rx.url });

  const enqueueStart = performance.now();
  for (let i = 0; i < N; i += 500) {
    const events = Array.from({ length: Math.min(500, N - i) }, () => {
      const id = newId();
      return { id, accountId: account.id, type: 'scan', occurredAt: clock.now(), data: { id, type: 'scan', codeId: 'bench' } };
    });
    await infra.database.db.transaction().execute((trx) => services.delivery.webhooks.enqueue(trx, events));
  }
  const enqueueMs = performance.now() - enqueueStart;

  const sender = new WebhookSender(true);
  const job = new WebhookDeliveryJob(new WebhooksRepository(infra.database), sender, clock, console, {
    perEndpoint: 32,
    batchSize: 500,
  });
  const start = performance.now();
  while (rx.count() < N) {
    if ((await job.runOnce()) === 0) break;
  }
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `${name}: ${N} deliveries in ${seconds.toFixed(2)} s = ${Math.round(N / seconds)} deliveries/s ` +
      `(outbox writes: ${Math.round(N / (enqueueMs / 1000))} rows/s); received ${rx.count()}`,
  );
  await sender.close();
  rx.close();
  await infra.close();
}

const file = join(tmpdir(), `qrelay-bench-hooks-${randomBytes(4).toString('hex')}.db`);
await run('sqlite', { DATABASE_URL: `sqlite:${file}` });
for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const schema = `qrelay_bench_${randomBytes(4).toString('hex')}`;
  await run('postgres', { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema }, schema);
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  await c.query(`DROP SCHEMA ${schema} CASCADE`);
  await c.end();
}
