import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/identity/passwords.js';
import { OPERATOR, person } from '../../src/platform/authz/roles.policy.js';
import { createHarness, type Harness } from '../support/harness.js';
import type { Tenant } from '../support/factory.js';
import { describeEach, STORES } from '../support/stores.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('password hashing', () => {
  it('salts every hash, verifies the right password only, and never matches a malformed hash', async () => {
    const a = await hashPassword('tr0ub4dor&3 horse');
    const b = await hashPassword('tr0ub4dor&3 horse');
    expect(a).toMatch(/^scrypt\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('tr0ub4dor&3 horse', a)).toBe(true);
    expect(await verifyPassword('tr0ub4dor&3 horsE', a)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
    expect(await verifyPassword('anything', 'scrypt$40$8$1$AAAA$AAAA')).toBe(false);
  });
});

describeEach(STORES)('password links and sessions ($name)', (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ name: 'Acme' });
  });
  afterAll(() => h.close());

  const signIn = (email: string, password: string, accountId = t.account.id) =>
    h.services.identity.sessions.signIn({ accountId, email, password });
  const reset = (token: string, password = 'a brand new password') =>
    h.services.identity.passwords.resetPassword({ token, password });
  const mails = (to: string) => h.services.platform.mail.list({ to });

  it('answers a reset request the same way for unknown, malformed and known addresses, mailing only a known one', async () => {
    const user = await h.factory.user(t.account.id);
    const other = await h.factory.tenant();
    for (const email of ['nobody@example.com', 'not an address', user.email]) {
      await expect(h.services.identity.passwords.requestReset({ accountId: t.account.id, email })).resolves.toBeUndefined();
    }
    await h.services.identity.passwords.requestReset({ accountId: other.account.id, email: user.email });
    await h.services.identity.passwords.requestReset({ accountId: 'no-such-account', email: user.email });
    expect(await mails('nobody@example.com')).toEqual([]);
    const sent = await mails(user.email);
    expect(sent.map((m) => m.kind)).toEqual(['password_reset', 'invitation']);
    expect(sent[0]!.text).toContain('http://qrelay.test/app/set-password?token=');
  });

  it('sets a password through a link once; the link is stored only as a hash', async () => {
    const user = await h.factory.user(t.account.id);
    const secret = await h.factory.mailedSecret(user.email);
    const stored = await h.infra.database.db.selectFrom('password_tokens').selectAll().where('user_id', '=', user.id).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(secret);
    await expect(signIn(user.email, 'a brand new password')).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await reset(secret)).id).toBe(user.id);
    await expect(reset(secret, 'a second new password')).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(signIn(user.email, 'a second new password')).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await signIn(user.email, 'a brand new password')).session.userId).toBe(user.id);
  });

  it('refuses unusable links and weak passwords with 400, consuming nothing', async () => {
    const user = await h.factory.user(t.account.id);
    const secret = await h.factory.mailedSecret(user.email);
    for (const token of ['', 'short', `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`, `${secret} extra`]) {
      await expect(reset(token)).rejects.toMatchObject({ code: 'invalid_request' });
    }
    await expect(reset(secret, 'too short')).rejects.toMatchObject({ code: 'invalid_request', field: 'password' });
    await expect(reset(secret, 'x'.repeat(257))).rejects.toMatchObject({ code: 'invalid_request', field: 'password' });
    await expect(reset(secret)).resolves.toMatchObject({ id: user.id });
  });

  it('expires a reset link after 1 hour and an invitation after 7 days', async () => {
    const invited = await h.factory.user(t.account.id);
    const invitation = await h.factory.mailedSecret(invited.email);
    const later = await h.factory.user(t.account.id);
    const laterInvitation = await h.factory.mailedSecret(later.email);
    await reset(laterInvitation, 'first password here');
    await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: later.email });
    const resetLink = await h.factory.mailedSecret(later.email);

    h.clock.advance(HOUR);
    await expect(reset(resetLink)).rejects.toMatchObject({ code: 'invalid_request' });
    h.clock.advance(7 * DAY - HOUR - 1);
    await expect(reset(invitation)).resolves.toMatchObject({ id: invited.id });

    const third = await h.factory.user(t.account.id);
    const thirdInvitation = await h.factory.mailedSecret(third.email);
    h.clock.advance(7 * DAY);
    await expect(reset(thirdInvitation)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('voids the other links of the person and ends their sessions when a password is set', async () => {
    const user = await h.factory.user(t.account.id);
    const session = await h.factory.signedIn(user, 'the first password');
    await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: user.email });
    const first = await h.factory.mailedSecret(user.email);
    await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: user.email });
    const second = await h.factory.mailedSecret(user.email);
    expect(await h.services.identity.sessions.authenticate(session)).not.toBeNull();
    await reset(second);
    expect(await h.services.identity.sessions.authenticate(session)).toBeNull();
    await expect(reset(first)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('mails at most 3 reset links per person and hour', async () => {
    const user = await h.factory.user(t.account.id);
    for (let i = 0; i < 5; i += 1)
      await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: user.email });
    expect((await mails(user.email)).filter((m) => m.kind === 'password_reset')).toHaveLength(3);
    h.clock.advance(HOUR);
    await h.services.identity.passwords.requestReset({ accountId: t.account.id, email: user.email });
    expect((await mails(user.email)).filter((m) => m.kind === 'password_reset')).toHaveLength(4);
  });

  it('signs in within one account, records the time, and refuses every bad attempt alike', async () => {
    const user = await h.factory.user(t.account.id);
    await reset(await h.factory.mailedSecret(user.email), 'the right password');
    const other = await h.factory.tenant();
    h.clock.advance(5000);
    const { secret, session } = await signIn(user.email.toUpperCase(), 'the right password');
    expect(session).toMatchObject({ userId: user.id, accountId: t.account.id, expiresAt: h.clock.now() + 30 * DAY });
    expect((await h.services.identity.users.get(person(t.account.id, t.owner.id, 'owner'), user.id)).lastSignInAt).toBe(
      h.clock.now(),
    );
    const principal = await h.services.identity.sessions.authenticate(secret);
    expect(principal).toMatchObject({ user: { id: user.id, role: 'member' }, account: { id: t.account.id, name: 'Acme' } });

    const stored = await h.infra.database.db
      .selectFrom('sessions')
      .select('secret_hash')
      .where('id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_hash).not.toContain(secret);

    for (const [email, password, accountId] of [
      [user.email, 'the wrong password', t.account.id],
      ['nobody@example.com', 'the right password', t.account.id],
      [user.email, 'the right password', other.account.id],
      [t.owner.email, 'no password set yet', t.account.id],
    ] as const) {
      await expect(signIn(email, password, accountId)).rejects.toMatchObject({
        code: 'unauthorized',
        message: 'The e-mail address or the password is wrong.',
      });
    }
  });

  it('ends a session on sign-out and after 30 days', async () => {
    const user = await h.factory.user(t.account.id);
    const a = await h.factory.signedIn(user, 'a password of mine');
    const { secret: b } = await signIn(user.email, 'a password of mine');
    await h.services.identity.sessions.signOut(a);
    expect(await h.services.identity.sessions.authenticate(a)).toBeNull();
    expect(await h.services.identity.sessions.authenticate(b)).not.toBeNull();
    h.clock.advance(30 * DAY);
    expect(await h.services.identity.sessions.authenticate(b)).toBeNull();
    expect(await h.services.identity.sessions.authenticate('garbage')).toBeNull();
  });

  it('refuses sign-in and ends sessions of a suspended company', async () => {
    const company = await h.factory.tenant();
    const user = await h.factory.user(company.account.id);
    const session = await h.factory.signedIn(user, 'company password');
    await h.services.identity.accounts.suspend(OPERATOR, company.account.id);
    expect(await h.services.identity.sessions.authenticate(session)).toBeNull();
    await expect(signIn(user.email, 'company password', company.account.id)).rejects.toMatchObject({ code: 'unauthorized' });
  });
});
