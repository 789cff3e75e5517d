import { buildPresenters } from '../../src/http/presenters.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCommand } from '../../src/cli/run.js';
import { OPERATOR, person, type Person } from '../../src/platform/authz/roles.policy.js';
import type { User } from '../../src/identity/users.types.js';
import { createHarness, type Harness } from '../support/harness.js';
import type { Tenant } from '../support/factory.js';
import { describeEach, STORES } from '../support/stores.js';

const actor = (user: User): Person => person(user.accountId, user.id, user.role);

describeEach(STORES)('team management through the services ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant();
  });
  afterAll(() => h.close());

  it('lets an admin manage members and admins but never an owner, nor make one, nor change themselves', async () => {
    const admin = await h.factory.user(t.account.id, 'admin');
    const other = await h.factory.user(t.account.id, 'admin');
    const users = h.services.identity.users;
    const created = await users.create(actor(admin), { accountId: t.account.id, email: 'new@example.com', role: 'editor' });
    expect((await users.update(actor(admin), created.id, { role: 'member' })).role).toBe('member');
    expect((await users.suspend(actor(admin), other.id)).status).toBe('suspended');
    await expect(users.update(actor(admin), t.owner.id, { name: 'x' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(users.suspend(actor(admin), t.owner.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(users.update(actor(admin), created.id, { role: 'owner' })).rejects.toMatchObject({ code: 'forbidden' });
    await expect(
      users.create(actor(admin), { accountId: t.account.id, email: 'o@example.com', role: 'owner' }),
    ).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(users.suspend(actor(admin), admin.id)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(users.update(actor(admin), admin.id, { role: 'member' })).rejects.toMatchObject({ code: 'forbidden' });
    expect((await users.update(actor(admin), admin.id, { name: 'Me' })).name).toBe('Me');
  });

  it('lets editors and members read the team but not manage it', async () => {
    for (const role of ['editor', 'member'] as const) {
      const somebody = await h.factory.user(t.account.id, role);
      expect((await h.services.identity.users.list(actor(somebody), { limit: 100, offset: 0 })).length).toBeGreaterThan(1);
      await expect(
        h.services.identity.users.create(actor(somebody), {
          accountId: t.account.id,
          email: `x-${role}@example.com`,
          role: 'member',
        }),
      ).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(h.services.identity.users.update(actor(somebody), somebody.id, { name: 'x' })).rejects.toMatchObject({
        code: 'forbidden',
      });
    }
  });

  it('never creates a person in another account than the actor’s; the operator, in any account it names', async () => {
    const other = await h.factory.tenant();
    await expect(
      h.services.identity.users.create(actor(t.owner), {
        accountId: other.account.id,
        email: 'cross@example.com',
        role: 'member',
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
    });
    const invited = await h.services.identity.users.create(OPERATOR, {
      accountId: other.account.id,
      email: 'cross@example.com',
      role: 'admin',
    });
    expect(invited).toMatchObject({ accountId: other.account.id, role: 'admin' });
    await expect(
      h.services.identity.users.create(OPERATOR, { accountId: other.account.id, email: 'boss@example.com', role: 'owner' }),
    ).rejects.toMatchObject({ code: 'forbidden' });
  });

  it('caps a token by its person’s role', async () => {
    const member = await h.factory.user(t.account.id, 'member');
    const admin = await h.factory.user(t.account.id, 'admin');
    await expect(
      h.factory.token(t.account.id, ['codes:read', 'team:read', 'analytics:read'], { userId: member.id }),
    ).resolves.toMatch(/^qrelay1_/);
    await expect(h.factory.token(t.account.id, ['codes:write'], { userId: member.id })).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(h.factory.token(t.account.id, ['codes:write', 'links:write'], { userId: admin.id })).resolves.toMatch(
      /^qrelay1_/,
    );
    await expect(h.factory.token(t.account.id, ['team:write'], { userId: admin.id })).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('invites through the CLI too, and lists the outbox with `mail list`', async () => {
    const created = (await runCommand({ services: h.services, present: buildPresenters(h.config) }, [
      'user',
      'create',
      '--account',
      t.account.id,
      '--email',
      'cli@example.com',
      '--role',
      'admin',
    ])) as {
      user: { id: string; role: string };
    };
    expect(created.user.role).toBe('admin');
    const listed = (await runCommand({ services: h.services, present: buildPresenters(h.config) }, [
      'mail',
      'list',
      '--to',
      'CLI@example.com',
    ])) as {
      mail: Record<string, unknown>[];
    };
    expect(listed.mail).toEqual([
      expect.objectContaining({
        kind: 'invitation',
        to: 'cli@example.com',
        status: 'queued',
        sentAt: null,
        text: expect.stringContaining('/app/set-password?token='),
      }),
    ]);
  });
});
