import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerOf } from '../support/actors.js';
import type { Tenant } from '../support/factory.js';
import { createHarness, type Harness } from '../support/harness.js';
import { DESKTOP, hit, IPAD, recordAll } from '../support/hits.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { describeEach, STORES } from '../support/stores.js';

const DAY = 86_400_000;
const FIELDS = [{ key: 'name', label: 'Your name', type: 'text' as const, required: true }];

describeEach(STORES)('campaigns and tags ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());
  const me = () => ownerOf(t);

  it('groups codes and links; adding a thing to another campaign moves it; deleting a campaign keeps its members', async () => {
    const code = await h.factory.code(t.account.id);
    const link = await h.factory.link(t.account.id);
    const spring = await h.services.catalog.campaigns.create(me(), {
      name: 'Spring',
      startsAt: '2026-03-01T00:00:00Z',
      endsAt: '2026-05-31T23:59:59Z',
      members: [
        { type: 'code', id: code.id },
        { type: 'link', id: link.id },
        { type: 'code', id: code.id },
      ],
    });
    expect(spring.members).toEqual([
      { type: 'code', id: code.id },
      { type: 'link', id: link.id },
    ]);
    const summer = await h.services.catalog.campaigns.create(me(), { name: 'Summer' });
    await h.services.catalog.campaigns.moveMembers(me(), summer.id, { add: [{ type: 'code', id: code.id }] });
    expect((await h.services.catalog.campaigns.get(me(), spring.id)).members).toEqual([{ type: 'link', id: link.id }]);
    expect((await h.services.catalog.campaigns.get(me(), summer.id)).members).toEqual([{ type: 'code', id: code.id }]);
    await h.services.catalog.campaigns.moveMembers(me(), summer.id, { remove: [{ type: 'code', id: code.id }] });
    expect((await h.services.catalog.campaigns.get(me(), summer.id)).members).toEqual([]);
    await h.services.catalog.campaigns.delete(me(), spring.id);
    await expect(h.services.catalog.campaigns.get(me(), spring.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await h.services.catalog.links.get(me(), link.id)).id).toBe(link.id);
  });

  it("refuses bad input and writes nothing: another account's object, unknown types, a reversed window, a taken name", async () => {
    const other = await h.factory.tenant();
    const theirs = await h.factory.code(other.account.id);
    const before = (await h.services.catalog.campaigns.list(me(), { limit: 100, offset: 0 })).length;
    await expect(
      h.services.catalog.campaigns.create(me(), { name: 'Stolen', members: [{ type: 'code', id: theirs.id }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.services.catalog.campaigns.create(me(), { name: 'Forms', members: [{ type: 'form', id: theirs.id }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.services.catalog.campaigns.create(me(), {
        name: 'Backwards',
        startsAt: '2026-05-01T00:00:00Z',
        endsAt: '2026-04-01T00:00:00Z',
      }),
    ).rejects.toThrow('endsAt must not be before startsAt');
    await h.services.catalog.campaigns.create(me(), { name: 'Taken' });
    await expect(h.services.catalog.campaigns.create(me(), { name: 'TAKEN' })).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await h.services.catalog.campaigns.list(me(), { limit: 100, offset: 0 })).length).toBe(before + 1);
  });

  it('tags things freely and lists the tags in use with counts, case ignored', async () => {
    const own = await h.factory.tenant();
    const a = await h.factory.code(own.account.id);
    const b = await h.factory.code(own.account.id);
    const l = await h.factory.link(own.account.id);
    expect(
      await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: a.id }, ['Print', ' summer  sale ', 'print']),
    ).toEqual(['Print', 'summer sale']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: b.id }, ['PRINT']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'link', id: l.id }, ['print', 'web']);
    expect(await h.services.catalog.campaigns.tags(ownerOf(own))).toEqual([
      { tag: 'PRINT', count: 3 },
      { tag: 'summer sale', count: 1 },
      { tag: 'web', count: 1 },
    ]);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: b.id }, []);
    expect((await h.services.catalog.campaigns.tags(ownerOf(own)))[0]).toEqual({ tag: 'Print', count: 2 });
    await expect(h.services.catalog.campaigns.setTags(me(), { type: 'code', id: a.id }, ['x'])).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('groups and tags forms, pages and cards, each only under its own type; deleting one takes it out', async () => {
    const own = await h.factory.tenant();
    const form = await h.services.content.forms.create(ownerOf(own), { name: 'Survey', fields: FIELDS });
    const page = await h.services.content.pages.create(ownerOf(own), { name: 'Landing' });
    const card = await h.services.content.cards.create(ownerOf(own), { name: 'Ada' });
    const code = await h.factory.code(own.account.id);
    const campaign = await h.services.catalog.campaigns.create(ownerOf(own), {
      name: 'Fair',
      members: [
        { type: 'code', id: code.id },
        { type: 'form', id: form.id },
        { type: 'page', id: page.id },
        { type: 'card', id: card.id },
      ],
    });
    expect(campaign.members.map((m) => m.type)).toEqual(['code', 'form', 'page', 'card']);
    // A page named as a form is not the account's form.
    await expect(
      h.services.catalog.campaigns.moveMembers(ownerOf(own), campaign.id, { add: [{ type: 'form', id: page.id }] }),
    ).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.services.catalog.campaigns.moveMembers(me(), campaign.id, { add: [{ type: 'form', id: form.id }] }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'form', id: form.id }, ['Fair', 'print']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'page', id: page.id }, ['fair']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'card', id: card.id }, ['FAIR']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: code.id }, ['fair']);
    expect(await h.services.catalog.campaigns.tags(ownerOf(own))).toEqual([
      { tag: 'FAIR', count: 4 },
      { tag: 'print', count: 1 },
    ]);
    await expect(h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'card', id: form.id }, ['x'])).rejects.toMatchObject({
      code: 'not_found',
    });
    await h.services.content.forms.delete(ownerOf(own), form.id);
    expect((await h.services.catalog.campaigns.get(ownerOf(own), campaign.id)).members.map((m) => m.type).sort()).toEqual([
      'card',
      'code',
      'page',
    ]);
    expect(await h.services.catalog.campaigns.tags(ownerOf(own))).toEqual([{ tag: 'FAIR', count: 3 }]);
  });

  describe('analytics', () => {
    it("equal the sum of the members' figures, per day and in total; robots and other things are not counted", async () => {
      const own = await h.factory.tenant();
      const accountId = own.account.id;
      const code = await h.factory.code(accountId);
      const link = await h.factory.link(accountId);
      const outside = await h.factory.code(accountId);
      const campaign = await h.services.catalog.campaigns.create(ownerOf(own), {
        name: 'Launch',
        members: [
          { type: 'code', id: code.id },
          { type: 'link', id: link.id },
        ],
      });
      const today = h.clock.now();
      await recordAll(h, [
        hit(h, { accountId, targetId: code.id, at: today - DAY }),
        hit(h, { accountId, targetId: code.id, at: today - DAY, userAgent: DESKTOP, clientAddress: '203.0.113.9' }),
        hit(h, { accountId, targetId: code.id, at: today }),
        hit(h, { accountId, targetId: link.id, kind: 'link', at: today, userAgent: IPAD }),
        hit(h, { accountId, targetId: link.id, kind: 'link', at: today, userAgent: 'curl/8.0' }),
        hit(h, { accountId, targetId: outside.id, at: today }),
      ]);
      const figures = await h.services.traffic.campaignAnalytics.campaignAnalytics(ownerOf(own), campaign.id, { days: 7 });
      const codeFigures = await h.services.traffic.analytics.codeAnalytics(ownerOf(own), { codeId: code.id, days: 7 });
      const linkFigures = await h.services.traffic.analytics.codeAnalytics(ownerOf(own), { codeId: link.id, days: 7 });
      expect(figures.totals).toEqual({
        events: codeFigures.totals.scans + linkFigures.totals.scans,
        uniqueVisitors: codeFigures.totals.uniqueVisitors + linkFigures.totals.uniqueVisitors,
      });
      expect(figures.totals).toEqual({ events: 4, uniqueVisitors: 4 });
      expect(figures.daily).toHaveLength(7);
      figures.daily.forEach((day, i) =>
        expect(day).toEqual({
          date: codeFigures.daily[i]!.date,
          events: codeFigures.daily[i]!.scans + linkFigures.daily[i]!.scans,
          uniqueVisitors: codeFigures.daily[i]!.uniqueVisitors + linkFigures.daily[i]!.uniqueVisitors,
        }),
      );
      expect(figures.members).toEqual([
        { type: 'code', id: code.id, events: 3, uniqueVisitors: 3 },
        { type: 'link', id: link.id, events: 1, uniqueVisitors: 1 },
      ]);
    });
    it('over forms, pages and cards equal the sum of their own figures (views and submissions), robots not counted', async () => {
      const own = await h.factory.tenant();
      const accountId = own.account.id;
      const form = await h.services.content.forms.create(ownerOf(own), { name: 'Survey', fields: FIELDS });
      const page = await h.services.content.pages.create(ownerOf(own), { name: 'Landing' });
      const card = await h.services.content.cards.create(ownerOf(own), { name: 'Ada' });
      const code = await h.factory.code(accountId);
      const campaign = await h.services.catalog.campaigns.create(ownerOf(own), {
        name: 'Everything',
        members: [
          { type: 'form', id: form.id },
          { type: 'page', id: page.id },
          { type: 'card', id: card.id },
          { type: 'code', id: code.id },
        ],
      });
      const today = h.clock.now();
      await recordAll(h, [
        hit(h, { accountId, targetId: form.id, kind: 'form_view', at: today - DAY }),
        hit(h, { accountId, targetId: form.id, kind: 'form_submit', at: today - DAY }),
        hit(h, { accountId, targetId: form.id, kind: 'form_view', at: today, userAgent: DESKTOP, clientAddress: '203.0.113.9' }),
        hit(h, { accountId, targetId: page.id, kind: 'page_view', at: today, userAgent: IPAD }),
        hit(h, { accountId, targetId: page.id, kind: 'page_view', at: today, userAgent: 'curl/8.0' }),
        hit(h, { accountId, targetId: card.id, kind: 'card_view', at: today, method: 'HEAD' }),
        hit(h, { accountId, targetId: card.id, kind: 'card_view', at: today }),
        hit(h, { accountId, targetId: code.id, at: today }),
      ]);
      const figures = await h.services.traffic.campaignAnalytics.campaignAnalytics(ownerOf(own), campaign.id, { days: 7 });
      const of = (kind: 'form' | 'page' | 'card', id: string) =>
        h.services.traffic.contentAnalytics.of(ownerOf(own), kind, id, { days: 7 });
      const [f, p, c] = [await of('form', form.id), await of('page', page.id), await of('card', card.id)];
      const scans = (await h.services.traffic.analytics.codeAnalytics(ownerOf(own), { codeId: code.id, days: 7 })).totals;
      expect(f).toMatchObject({ views: 2, submissions: 1 });
      expect(p.views).toBe(1);
      expect(c.views).toBe(1);
      expect(figures.totals).toEqual({
        events: f.views + f.submissions! + p.views + c.views + scans.scans,
        uniqueVisitors: f.uniqueVisitors + p.uniqueVisitors + c.uniqueVisitors + scans.uniqueVisitors,
      });
      expect(figures.totals).toEqual({ events: 6, uniqueVisitors: 5 });
      expect(figures.members).toEqual([
        { type: 'form', id: form.id, events: 3, uniqueVisitors: 2 },
        expect.objectContaining({ events: 1 }),
        expect.objectContaining({ events: 1 }),
        expect.objectContaining({ events: 1 }),
      ]);
      expect(figures.daily.at(-1)).toMatchObject({ events: 4, uniqueVisitors: 4 });
      expect(figures.daily.at(-2)).toMatchObject({ events: 2, uniqueVisitors: 1 });
    });
  });

  it('filters the code and link lists by tag and by campaign', async () => {
    const own = await h.factory.tenant();
    const [c1, c2, c3] = [
      await h.factory.code(own.account.id),
      await h.factory.code(own.account.id),
      await h.factory.code(own.account.id),
    ];
    const [l1, l2] = [await h.factory.link(own.account.id), await h.factory.link(own.account.id)];
    const campaign = await h.services.catalog.campaigns.create(ownerOf(own), {
      name: 'C',
      members: [
        { type: 'code', id: c1.id },
        { type: 'code', id: c2.id },
        { type: 'link', id: l2.id },
      ],
    });
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: c2.id }, ['Flyer']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'code', id: c3.id }, ['flyer']);
    await h.services.catalog.campaigns.setTags(ownerOf(own), { type: 'link', id: l1.id }, ['flyer']);
    const codes = async (filters: object) =>
      (await h.services.catalog.codes.list(ownerOf(own), { limit: 100, offset: 0, ...filters })).map((c) => c.id).sort();
    expect(await codes({ campaignId: campaign.id })).toEqual([c1.id, c2.id].sort());
    expect(await codes({ tag: 'FLYER' })).toEqual([c2.id, c3.id].sort());
    expect(await codes({ tag: 'flyer', campaignId: campaign.id })).toEqual([c2.id]);
    expect((await h.services.catalog.links.list(ownerOf(own), { limit: 100, offset: 0, tag: 'flyer' })).map((l) => l.id)).toEqual(
      [l1.id],
    );
    expect(
      (await h.services.catalog.links.list(ownerOf(own), { limit: 100, offset: 0, campaignId: campaign.id })).map((l) => l.id),
    ).toEqual([l2.id]);
  });

  let sequence = 0;
  const campaign = (w: RoleWorld) => w.h.services.catalog.campaigns.create(w.owner, { name: `Role ${(sequence += 1)}` });
  describeRoles('campaigns service', store, [
    {
      operation: 'list',
      least: 'member',
      run: (actor, { h }) => h.services.catalog.campaigns.list(actor, { limit: 5, offset: 0 }),
    },
    {
      operation: 'get',
      least: 'member',
      run: async (actor, w) => w.h.services.catalog.campaigns.get(actor, (await campaign(w)).id),
    },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.catalog.campaigns.create(actor, { name: `Made ${(sequence += 1)}` }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.catalog.campaigns.update(actor, (await campaign(w)).id, { name: `U ${(sequence += 1)}` }),
    },
    {
      operation: 'moveMembers',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.campaigns.moveMembers(actor, (await campaign(w)).id, {}),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.catalog.campaigns.delete(actor, (await campaign(w)).id),
    },
    { operation: 'tags', least: 'member', run: (actor, { h }) => h.services.catalog.campaigns.tags(actor) },
    {
      operation: 'setTags',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.catalog.campaigns.setTags(actor, { type: 'code', id: (await w.h.factory.code(w.tenant.account.id)).id }, [
          'x',
        ]),
    },
    {
      operation: 'campaignAnalytics',
      least: 'member',
      run: async (actor, w) => w.h.services.traffic.campaignAnalytics.campaignAnalytics(actor, (await campaign(w)).id),
    },
  ]);
});
