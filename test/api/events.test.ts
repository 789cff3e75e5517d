import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '../../src/lib/ids.js';
import { createHarness, type Harness } from '../support/harness.js';
import { actorIn } from '../support/actors.js';
import { DESKTOP, hit, recordAll } from '../support/hits.js';
import { describeEach, STORES } from '../support/stores.js';

describeEach(STORES)('GET /events ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  const get = (token: string, query = '') => h.request({ method: 'GET', url: `/api/v1/events${query}`, token });

  it('lists events newest first, exactly as the Event resource, with filters', async () => {
    const { account, token } = await h.factory.tenant();
    const codeId = (await h.factory.code(account.id)).id;
    const linkId = newId();
    await recordAll(h, [
      hit(h, { accountId: account.id, targetId: codeId, placement: 'flyer', clientAddress: '81.2.69.142' }),
      hit(h, { accountId: account.id, targetId: linkId, kind: 'link', userAgent: DESKTOP }),
      hit(h, { accountId: account.id, targetId: newId() }),
    ]);
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.nextCursor).toBeNull();
    expect(body.data).toHaveLength(3);
    const ids = body.data.map((e: { id: string }) => e.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(body.data[2]).toEqual({
      id: expect.any(String),
      occurredAt: new Date(h.clock.now()).toISOString(),
      type: 'scan',
      codeId,
      placement: 'flyer',
      country: 'GB',
      region: 'England',
      city: 'Bracknell',
      os: 'iOS',
      device: 'mobile',
      browser: 'Mobile Safari',
    });
    expect(body.data[1]).toMatchObject({ type: 'link_click', codeId: null, device: 'desktop' });

    const byCode = (await get(token, `?codeId=${codeId}`)).json().data;
    expect(byCode.map((e: { codeId: string }) => e.codeId)).toEqual([codeId]);
    const clicks = (await get(token, '?type=link_click')).json().data;
    expect(clicks).toHaveLength(1);
    expect((await get(token, '?type=card_view')).json().data).toEqual([]);
  });

  it('pages with an opaque cursor, never repeating or skipping', async () => {
    const { account, token } = await h.factory.tenant();
    const codeId = newId();
    await recordAll(
      h,
      Array.from({ length: 7 }, () => hit(h, { accountId: account.id, targetId: codeId })),
    );
    const all = (await get(token, '?limit=100')).json().data.map((e: { id: string }) => e.id);
    expect(all).toHaveLength(7);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await get(token, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.length).toBeLessThanOrEqual(3);
      seen.push(...body.data.map((e: { id: string }) => e.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < all.length); // a cursor that never ends stops here and fails below
    expect(cursor).toBeFalsy();
    expect(seen).toEqual(all);
  });

  it('defaults to 50 and bounds limit to 1-100; refuses a foreign cursor and an unknown type', async () => {
    const { account, token } = await h.factory.tenant();
    await recordAll(
      h,
      Array.from({ length: 55 }, () => hit(h, { accountId: account.id, targetId: newId() })),
    );
    const page = (await get(token)).json();
    expect(page.data).toHaveLength(50);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect((await get(token, '?limit=1')).json().data).toHaveLength(1);
    expect((await get(token, '?limit=100')).json().data).toHaveLength(55);
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?type=visit', '?cursor=bm90LWFuLWlk', '?extra=1']) {
      const res = await get(token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
  });

  it("never shows another account's events, and needs analytics:read", async () => {
    const a = await h.factory.tenant();
    const b = await h.factory.tenant();
    const codeId = (await h.factory.code(a.account.id)).id;
    await recordAll(h, [hit(h, { accountId: a.account.id, targetId: codeId })]);
    expect((await get(b.token)).json().data).toEqual([]);
    const elsewhere = await get(b.token, `?codeId=${codeId}`);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe('not_found');
    expect((await get(b.token, `?codeId=${newId()}`)).statusCode).toBe(404);
    expect((await get(a.token, `?codeId=${codeId}`)).json().data).toHaveLength(1);
    const aFirst = (await get(a.token)).json().data[0].id;
    // A cursor just past A's newest event, used by B, still shows B nothing of A's.
    const cursor = Buffer.from(String(Number(aFirst) + 1)).toString('base64url');
    expect((await get(b.token, `?cursor=${cursor}`)).json().data).toEqual([]);
    expect((await get(b.token, `?cursor=${Buffer.from(newId()).toString('base64url')}`)).statusCode).toBe(400);
    expect(aFirst).toEqual(expect.any(String));
    const codesOnly = await h.factory.token(a.account.id, ['codes:read']);
    expect((await get(codesOnly)).statusCode).toBe(403);
  });
});

describeEach(STORES)('GET /alerts ($name)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(store);
  });
  afterAll(() => h.close());

  it("lists the account's raised alerts, newest first, and no other account's", async () => {
    const { account, token } = await h.factory.tenant();
    const other = await h.factory.tenant();
    const codeId = newId();
    const rule = await h.services.traffic.alerts.createRule(actorIn(account.id), { codeId, kind: 'first_scan' });
    await recordAll(h, [hit(h, { accountId: account.id, targetId: codeId })]);
    const res = await h.request({ method: 'GET', url: '/api/v1/alerts', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: expect.any(String),
          ruleId: rule.id,
          codeId,
          kind: 'first_scan',
          date: null,
          scans: 1,
          raisedAt: new Date(h.clock.now()).toISOString(),
        },
      ],
      nextCursor: null,
    });
    expect((await h.request({ method: 'GET', url: '/api/v1/alerts', token: other.token })).json().data).toEqual([]);
    expect((await h.request({ method: 'GET', url: '/api/v1/alerts?limit=0', token })).statusCode).toBe(400);
  });

  it("answers 404 for another account's code, as for one that does not exist", async () => {
    const { account, token } = await h.factory.tenant();
    const other = await h.factory.tenant();
    const codeId = (await h.factory.code(account.id)).id;
    const alerts = (as: string, id: string) => h.request({ method: 'GET', url: `/api/v1/alerts?codeId=${id}`, token: as });
    expect((await alerts(token, codeId)).statusCode).toBe(200);
    for (const [as, id] of [
      [other.token, codeId],
      [token, newId()],
    ] as const) {
      const res = await alerts(as, id);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
  });
});
