import { afterAll, beforeAll, expect, it } from 'vitest';
import { SYSTEM, type Person } from '../../src/platform/authz/roles.policy.js';
import { ownerOf } from '../support/actors.js';
import { describeRoles, type RoleWorld } from '../support/roles.js';
import { createHarness, type Harness } from '../support/harness.js';
import { describeEach, STORES } from '../support/stores.js';

const FIELDS = [
  { key: 'name', label: 'Your name', type: 'text' as const, required: true },
  { key: 'email', label: 'E-mail', type: 'email' as const, required: true },
  { key: 'visit', label: 'How was it?', type: 'rating' as const, required: false },
];

let sequence = 0;
const form = ({ h, owner }: RoleWorld) =>
  h.services.content.forms.create(owner, { name: `Form ${(sequence += 1)}`, fields: FIELDS });

for (const store of STORES) {
  describeRoles('forms service', store, [
    { operation: 'list', least: 'member', run: (actor, { h }) => h.services.content.forms.list(actor, { limit: 25, offset: 0 }) },
    { operation: 'get', least: 'member', run: async (actor, w) => w.h.services.content.forms.get(actor, (await form(w)).id) },
    {
      operation: 'create',
      least: 'editor',
      run: (actor, { h }) => h.services.content.forms.create(actor, { name: `Made ${(sequence += 1)}`, fields: FIELDS }),
    },
    {
      operation: 'update',
      least: 'editor',
      run: async (actor, w) =>
        w.h.services.content.forms.update(actor, (await form(w)).id, { name: `Renamed ${(sequence += 1)}` }),
    },
    {
      operation: 'unpublish',
      least: 'editor',
      run: async (actor, w) => w.h.services.content.forms.setPublished(actor, (await form(w)).id, false),
    },
    {
      operation: 'delete',
      least: 'editor',
      run: async (actor, w) => w.h.services.content.forms.delete(actor, (await form(w)).id),
    },
    {
      operation: 'list submissions',
      least: 'member',
      run: (actor, { h }) => h.services.content.submissions.list(actor, 'submission', { limit: 50 }),
    },
    {
      operation: 'delete a submission',
      least: 'editor',
      run: async (actor, w) => {
        const stored = await w.h.services.content.submissions.store(SYSTEM, await form(w), 'submission', { name: 'A' });
        await w.h.services.content.submissions.delete(actor, 'submission', stored.id);
      },
    },
  ]);
}

describeEach(STORES)('forms and submissions ($name)', (store) => {
  let h: Harness;
  let owner: Person;
  let other: Person;

  beforeAll(async () => {
    h = await createHarness(store);
    const a = await h.factory.tenant();
    const b = await h.factory.tenant();
    owner = ownerOf(a);
    other = ownerOf(b);
  });
  afterAll(() => h.close());

  it('stores a form with its fields in order, published unless a draft is asked for', async () => {
    const published = await h.services.content.forms.create(owner, { name: ' Feedback ', fields: FIELDS });
    expect(published).toMatchObject({ name: 'Feedback', status: 'published', kind: 'form', retentionDays: null });
    expect(published.document.fields.map((f) => f.key)).toEqual(['name', 'email', 'visit']);
    const draft = await h.services.content.forms.create(owner, { name: 'Later', fields: [], status: 'draft' });
    expect(draft.status).toBe('draft');
    expect(await h.services.content.forms.get(owner, published.id)).toEqual(published);
  });

  it('refuses a duplicated key, a select without options and a javascript: redirect', async () => {
    const twice = [FIELDS[0]!, { ...FIELDS[1]!, key: 'name' }];
    await expect(h.services.content.forms.create(owner, { name: 'X', fields: twice })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    await expect(
      h.services.content.forms.create(owner, {
        name: 'X',
        fields: [{ key: 'pick', label: 'Pick', type: 'select', required: false }],
      }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(
      h.services.content.forms.create(owner, { name: 'X', fields: FIELDS, redirectUrl: 'javascript:alert(1)' }),
    ).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it("keeps another account's forms and submissions out of reach (404)", async () => {
    const mine = await h.services.content.forms.create(owner, { name: 'Mine', fields: FIELDS });
    const stored = await h.services.content.submissions.store(SYSTEM, mine, 'submission', { name: 'Ann' });
    await expect(h.services.content.forms.get(other, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(h.services.content.forms.update(other, mine.id, { name: 'Theirs' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(h.services.content.forms.delete(other, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.services.content.submissions.list(other, 'submission', { limit: 50, contentId: mine.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(h.services.content.forms.delete(other, mine.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(
      h.services.content.submissions.list(other, 'submission', { limit: 50, contentId: mine.id }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(h.services.content.submissions.delete(other, 'submission', stored.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    expect(await h.services.content.submissions.list(other, 'submission', { limit: 50 })).toEqual([]);
  });

  it('lists submissions newest first, within the limit, per form', async () => {
    const a = await h.services.content.forms.create(owner, { name: 'A', fields: FIELDS });
    const b = await h.services.content.forms.create(owner, { name: 'B', fields: FIELDS });
    const made = [];
    for (let i = 0; i < 4; i += 1) {
      h.clock.advance(1000);
      made.push(await h.services.content.submissions.store(SYSTEM, i % 2 === 0 ? a : b, 'submission', { name: `n${i}` }));
    }
    const ofA = await h.services.content.submissions.list(owner, 'submission', { limit: 50, contentId: a.id });
    expect(ofA.map((s) => s.answers.name)).toEqual(['n2', 'n0']);
    const newest = await h.services.content.submissions.list(owner, 'submission', { limit: 3 });
    expect(newest.map((s) => s.id)).toEqual([made[3]!.id, made[2]!.id, made[1]!.id]);
  });

  it('deletes a form with its submissions', async () => {
    const gone = await h.services.content.forms.create(owner, { name: 'Gone', fields: FIELDS });
    await h.services.content.submissions.store(SYSTEM, gone, 'submission', { name: 'x' });
    await h.services.content.forms.delete(owner, gone.id);
    await expect(h.services.content.forms.get(owner, gone.id)).rejects.toMatchObject({ code: 'not_found' });
    const left = await h.services.content.submissions.list(owner, 'submission', { limit: 100 });
    expect(left.some((s) => s.contentId === gone.id)).toBe(false);
  });

  it("deletes submissions past their form's retention and keeps the rest", async () => {
    const kept = await h.services.content.forms.create(owner, { name: 'Kept', fields: FIELDS });
    const short = await h.services.content.forms.create(owner, { name: 'Short', fields: FIELDS, retentionDays: 30 });
    const old = await h.services.content.submissions.store(SYSTEM, short, 'submission', { name: 'old' });
    const oldKept = await h.services.content.submissions.store(SYSTEM, kept, 'submission', { name: 'old kept' });
    h.clock.advance(20 * 86_400_000);
    const recent = await h.services.content.submissions.store(SYSTEM, short, 'submission', { name: 'recent' });
    h.clock.advance(11 * 86_400_000);
    expect(await h.services.content.submissions.purgeExpired(SYSTEM)).toBe(1);
    const ids = (await h.services.content.submissions.list(owner, 'submission', { limit: 100 })).map((s) => s.id);
    expect(ids).not.toContain(old.id);
    expect(ids).toContain(recent.id);
    expect(ids).toContain(oldKept.id);
    expect(await h.services.content.submissions.purgeExpired(SYSTEM)).toBe(0);
  });
});
