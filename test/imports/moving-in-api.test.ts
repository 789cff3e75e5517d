import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';
import type { Tenant } from '../support/factory.js';
import { closeStandIns, kuttStandIn, manyLinks, shlinkStandIn } from '../support/import-stand-ins.js';
import { jobRunner } from '../../src/jobs/index.js';
import type { JobRunner } from '../../src/platform/index.js';

const quiet = { info() {}, warn() {} } as never;
const KEY = 'shlink-api-key-3f9a';

/** Moving in over an old service's API, through the job: a stand-in answers as Shlink or Kutt does. */
describeEach(STORES)('moving in over an API ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  let runner: JobRunner;

  const start = async (body: object, token = t.token) => {
    const res = await h.request({ method: 'POST', url: '/api/v1/imports', token, payload: body });
    expect(res.statusCode, res.body).toBe(202);
    await runner.drain();
    return (await h.request({ method: 'GET', url: `/api/v1/jobs/${res.json().data.id}`, token })).json().data;
  };

  beforeAll(async () => {
    // The stand-ins listen on 127.0.0.1: the operator's switch for private sources is on here.
    h = await createHarness(store, { env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
    t = await h.factory.tenant();
    runner = jobRunner(h.services, quiet);
  });
  afterEach(closeStandIns);
  afterAll(() => h.close());

  it('imports every page of a Shlink server with endings, titles, tags, dates and visit totals, each resolving at once', async () => {
    const links = [
      {
        shortCode: 'games',
        url: 'https://store.example.com/games',
        title: 'Games',
        tags: ['tech', 'games'],
        createdAt: '2021-03-04T05:06:07.000Z',
        clicks: 328,
      },
      ...manyLinks(25, 'bulk'),
    ];
    const shlink = await shlinkStandIn({ key: KEY, links });
    const job = await start({ source: 'shlink', url: shlink.url, apiKey: KEY });
    expect(job).toMatchObject({ status: 'succeeded', total: links.length, done: links.length, errorCount: 0 });
    const rows = (await h.request({ method: 'GET', url: `/api/v1/jobs/${job.id}/file`, token: t.token })).body
      .trim()
      .split('\n')
      .slice(1);
    expect(rows).toHaveLength(links.length);
    const id = rows[0]!.split(',')[2]!;
    const link = (await h.request({ method: 'GET', url: `/api/v1/links/${id}`, token: t.token })).json().data;
    expect(link).toMatchObject({
      shortCode: 'games',
      name: 'Games',
      destination: 'https://store.example.com/games',
      clicks: 0,
      imported: { source: 'shlink', total: 328 },
      createdAt: '2021-03-04T05:06:07.000Z',
    });
    const tags = await h.request({ method: 'GET', url: `/api/v1/tags/of?type=link&id=${id}`, token: t.token });
    expect(JSON.stringify(tags.json().data)).toContain('games');
    expect(JSON.stringify(tags.json().data)).toContain('tech');
    for (const l of links) {
      const res = await h.request({ method: 'GET', url: `/${l.shortCode}`, headers: { host: 'qrelay.test' } });
      expect(res.statusCode, l.shortCode).toBe(302);
      expect(res.headers.location).toBe(l.url);
    }
  });

  it('fails naming the request, never the key, when the server refuses it, and keeps nothing of the key', async () => {
    const kutt = await kuttStandIn({ key: 'right-key', links: manyLinks(3, 'k') });
    const job = await start({ source: 'kutt', url: kutt.url, apiKey: 'wrong-key-9911' });
    expect(job.status).toBe('failed');
    expect(job.reason).toMatch(/40[13]/);
    expect(job.reason).toContain('/api/v2/links');
    expect(job.reason).not.toContain('wrong-key-9911');
    expect(
      (await h.request({ method: 'GET', url: '/api/v1/links', token: t.token }))
        .json()
        .data.some((l: { shortCode: string }) => l.shortCode.startsWith('k')),
    ).toBe(false);
  });

  it('fails part-way on a server error with nothing half-written, and a second run imports all', async () => {
    const tenant = await h.factory.tenant();
    const links = manyLinks(250, 'half');
    const broken = await shlinkStandIn({ key: KEY, links, failFrom: 2 });
    const failed = await start({ source: 'shlink', url: broken.url, apiKey: KEY }, tenant.token);
    expect(failed.status).toBe('failed');
    expect(failed.reason).toContain('500');
    expect((await h.request({ method: 'GET', url: '/api/v1/links', token: tenant.token })).json().data).toHaveLength(0);
    const healthy = await shlinkStandIn({ key: KEY, links });
    const again = await start({ source: 'shlink', url: healthy.url, apiKey: KEY }, tenant.token);
    expect(again).toMatchObject({ status: 'succeeded', done: 250 });
  });
});
