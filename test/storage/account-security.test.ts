import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPERATOR, person } from '../../src/platform/authz/roles.policy.js';
import { totpAt } from '../../src/identity/totp.js';
import type { User } from '../../src/identity/index.js';
import { PasskeysRepository } from '../../src/identity/store/passkeys.repository.js';
import { createHarness, type Harness } from '../support/harness.js';
import type { Tenant } from '../support/factory.js';
import { describeEach, STORES } from '../support/stores.js';

const PASSWORD = 'the first password';
const STEP = 30_000;

describeEach(STORES)("a person's own security ($name)", (store) => {
  let h: Harness;
  let t: Tenant;
  beforeAll(async () => {
    h = await createHarness(store);
    t = await h.factory.tenant({ name: 'Acme' });
  });
  afterAll(() => h.close());

  const actorOf = (user: User) => person(user.accountId, user.id, user.role);
  const sessionOf = async (secret: string) => (await h.services.identity.sessions.authenticate(secret))!.session;
  const signIn = (user: User, password = PASSWORD, userAgent?: string) =>
    h.services.identity.sessions.signIn({
      accountId: user.accountId,
      email: user.email,
      password,
      ...(userAgent ? { userAgent } : {}),
    });
  const stepNow = () => Math.floor(h.clock.now() / STEP);

  /** Enrols an authenticator app for the person; answers its secret and the recovery codes. */
  async function enrol(user: User) {
    const { secret, uri } = await h.services.identity.twoFactor.begin(actorOf(user));
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    const { recoveryCodes } = await h.services.identity.twoFactor.confirm(actorOf(user), totpAt(secret, stepNow()));
    return { secret, recoveryCodes };
  }

  it('lists sessions with their browser, ends one or all others, and never another person’s', async () => {
    const user = await h.factory.user(t.account.id);
    const stranger = await h.factory.user(t.account.id);
    const first = await h.factory.signedIn(user, PASSWORD);
    const firefox = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const { secret: second } = await signIn(user, PASSWORD, firefox);
    const { secret: third } = await signIn(user);
    const live = await h.services.identity.sessions.listLive(user.id);
    expect(live).toHaveLength(3);
    expect(live.map((s) => s.agent)).toContain('Firefox on Windows');
    const row = await h.infra.database.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(row)).not.toMatch(/\b\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}\b/);

    const thirdSession = await sessionOf(third);
    await expect(h.services.identity.sessions.revokeOwn(stranger.id, thirdSession.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    await h.services.identity.sessions.revokeOwn(user.id, thirdSession.id);
    expect(await h.services.identity.sessions.authenticate(third)).toBeNull();

    expect(await h.services.identity.sessions.revokeOthers(user.id, (await sessionOf(first)).id)).toBe(1);
    expect(await h.services.identity.sessions.authenticate(second)).toBeNull();
    expect(await h.services.identity.sessions.authenticate(first)).not.toBeNull();
  });

  it('changes the password only with the current one, ending the other sessions but this one', async () => {
    const user = await h.factory.user(t.account.id);
    const here = await h.factory.signedIn(user, PASSWORD);
    const { secret: elsewhere } = await signIn(user);
    const sessionId = (await sessionOf(here)).id;
    await expect(
      h.services.identity.passwords.change(actorOf(user), {
        sessionId,
        current: 'not the password',
        password: 'a new password here',
      }),
    ).rejects.toMatchObject({ code: 'invalid_request', field: 'current' });
    await expect(
      h.services.identity.passwords.change(actorOf(user), { sessionId, current: PASSWORD, password: 'short' }),
    ).rejects.toMatchObject({ code: 'invalid_request', field: 'password' });
    expect(await h.services.identity.sessions.authenticate(elsewhere)).not.toBeNull();
    await h.services.identity.passwords.change(actorOf(user), { sessionId, current: PASSWORD, password: 'a new password here' });
    expect(await h.services.identity.sessions.authenticate(here)).not.toBeNull();
    expect(await h.services.identity.sessions.authenticate(elsewhere)).toBeNull();
    await expect(signIn(user)).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(signIn(user, 'a new password here')).resolves.toMatchObject({ secondFactor: false });
  });

  it('changes the address through a link to the new one, once, and refuses a taken one', async () => {
    const user = await h.factory.user(t.account.id);
    const other = await h.factory.user(t.account.id);
    await h.factory.signedIn(user, PASSWORD);
    const change = h.services.identity.emailChange;
    await expect(change.request(actorOf(user), { password: 'wrong password!', email: 'new@example.com' })).rejects.toMatchObject({
      field: 'password',
    });
    await expect(change.request(actorOf(user), { password: PASSWORD, email: other.email })).rejects.toMatchObject({
      field: 'email',
    });
    const asked = await change.request(actorOf(user), { password: PASSWORD, email: 'New.Address@Example.com' });
    expect(asked.email).toBe('new.address@example.com');
    // This harness sends no mail: the link is answered to the person who asked, and is in the outbox too.
    expect(asked.url).toMatch(/\/app\/confirm-email\?token=/);
    const token = new URL(asked.url!).searchParams.get('token')!;
    expect(await h.factory.mailedSecret('new.address@example.com')).toBe(token);
    // The link does not set a password.
    await expect(h.services.identity.passwords.resetPassword({ token, password: 'some password here' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect((await change.confirm(token)).email).toBe('new.address@example.com');
    await expect(change.confirm(token)).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await h.services.platform.mail.list({ to: user.email }))[0]?.kind).toBe('email_changed');
    await expect(signIn({ ...user, email: 'new.address@example.com' })).resolves.toMatchObject({ secondFactor: false });
  });

  it('asks for a second factor after the password, accepting each code once and each recovery code once', async () => {
    const user = await h.factory.user(t.account.id);
    await h.factory.signedIn(user, PASSWORD);
    const { secret, recoveryCodes } = await enrol(user);
    expect(recoveryCodes).toHaveLength(10);
    const stored = await h.infra.database.db.selectFrom('recovery_codes').selectAll().where('user_id', '=', user.id).execute();
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]);

    // The code that confirmed the app is spent: the same one does not sign in.
    const pending = await signIn(user);
    expect(pending.secondFactor).toBe(true);
    expect(await h.services.identity.sessions.authenticate(pending.secret)).toBeNull();
    const waiting = (await h.services.identity.sessions.awaitingSecondFactor(pending.secret))!;
    await expect(h.services.identity.twoFactor.verify(waiting, totpAt(secret, stepNow()))).rejects.toMatchObject({
      field: 'code',
    });

    h.clock.advance(STEP);
    await expect(h.services.identity.twoFactor.verify(waiting, '000000')).rejects.toMatchObject({ code: 'invalid_request' });
    // Two minutes old: too far behind.
    await expect(h.services.identity.twoFactor.verify(waiting, totpAt(secret, stepNow() - 4))).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const code = totpAt(secret, stepNow());
    await h.services.identity.twoFactor.verify(waiting, code);
    await h.services.identity.sessions.complete(waiting);
    expect(await h.services.identity.sessions.authenticate(pending.secret)).toMatchObject({ twoFactor: true });
    // Replaying the code on another sign-in fails.
    const again = await signIn(user);
    const againWaiting = (await h.services.identity.sessions.awaitingSecondFactor(again.secret))!;
    await expect(h.services.identity.twoFactor.verify(againWaiting, code)).rejects.toMatchObject({ code: 'invalid_request' });

    // A recovery code, typed loosely, works once.
    const typed = ` ${recoveryCodes[3]!.toUpperCase().replace('-', ' ')} `;
    await h.services.identity.twoFactor.verify(againWaiting, typed);
    await expect(h.services.identity.twoFactor.verify(againWaiting, recoveryCodes[3]!)).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect((await h.services.identity.twoFactor.status(actorOf(user))).recoveryCodesLeft).toBe(9);

    // The pause after the password ends after ten minutes.
    const late = await signIn(user);
    h.clock.advance(10 * 60_000);
    expect(await h.services.identity.sessions.awaitingSecondFactor(late.secret)).toBeNull();
  });

  it('lets an owner require two factors only once they have it, and keeps it on while required', async () => {
    const company = await h.factory.tenant();
    const owner = company.owner;
    const { url } = await h.services.identity.passwords.linkFor(OPERATOR, { email: owner.email, accountId: company.account.id });
    await h.services.identity.passwords.resetPassword({ token: new URL(url).searchParams.get('token')!, password: PASSWORD });
    const member = await h.factory.user(company.account.id, 'admin');
    await expect(h.services.identity.twoFactor.setRequired(actorOf(member), true)).rejects.toMatchObject({ code: 'forbidden' });
    await expect(h.services.identity.twoFactor.setRequired(actorOf(owner), true)).rejects.toMatchObject({
      field: 'requireTwoFactor',
    });
    await enrol(owner);
    await h.services.identity.twoFactor.setRequired(actorOf(owner), true);
    const memberSession = await h.factory.signedIn(member, PASSWORD);
    expect(await h.services.identity.sessions.authenticate(memberSession)).toMatchObject({
      twoFactor: false,
      account: { requireTwoFactor: true },
    });
    await expect(h.services.identity.twoFactor.remove(actorOf(owner), PASSWORD)).rejects.toMatchObject({ code: 'forbidden' });
    await h.services.identity.twoFactor.setRequired(actorOf(owner), false);
    await expect(h.services.identity.twoFactor.remove(actorOf(owner), 'wrong password!')).rejects.toMatchObject({
      field: 'password',
    });
    await h.services.identity.twoFactor.remove(actorOf(owner), PASSWORD);
    expect(await h.services.identity.twoFactor.status(actorOf(owner))).toEqual({
      totp: false,
      recoveryCodesLeft: 0,
      required: false,
    });
  });

  it('keeps a second factor while the account requires one: the last passkey, or the app with no passkey, stays', async () => {
    const company = await h.factory.tenant();
    const owner = company.owner;
    const { url } = await h.services.identity.passwords.linkFor(OPERATOR, { email: owner.email, accountId: company.account.id });
    await h.services.identity.passwords.resetPassword({ token: new URL(url).searchParams.get('token')!, password: PASSWORD });
    // A passkey as a finished ceremony stores it (the ceremony itself is covered in Chromium).
    const keys = new PasskeysRepository(h.infra.database.db);
    const addKey = (id: string) =>
      keys.insert({
        id,
        userId: owner.id,
        accountId: company.account.id,
        publicKey: 'AQID',
        counter: 0,
        transports: [],
        name: id,
        createdAt: h.clock.now(),
        lastUsedAt: null,
      });
    await addKey('key-one');
    await addKey('key-two');
    await h.services.identity.twoFactor.setRequired(actorOf(owner), true);
    await h.services.identity.passkeys.remove(actorOf(owner), 'key-one');
    await expect(h.services.identity.passkeys.remove(actorOf(owner), 'key-two')).rejects.toMatchObject({ code: 'forbidden' });
    expect((await h.services.identity.passkeys.list(actorOf(owner))).map((k) => k.id)).toEqual(['key-two']);
    // With the app beside it, the last passkey may go; then the app is the last factor and stays.
    await enrol(owner);
    await h.services.identity.passkeys.remove(actorOf(owner), 'key-two');
    await expect(h.services.identity.twoFactor.remove(actorOf(owner), PASSWORD)).rejects.toMatchObject({ code: 'forbidden' });
    await addKey('key-three');
    await h.services.identity.twoFactor.remove(actorOf(owner), PASSWORD);
    expect(await h.services.identity.twoFactor.status(actorOf(owner))).toMatchObject({ totp: false, required: true });
  });

  it('answers a copyable link for an invitation and a reset when no mail is sent, to a manager only', async () => {
    const admin = await h.factory.user(t.account.id, 'admin');
    await h.factory.signedIn(admin, PASSWORD);
    const { user, invitationUrl } = await h.services.identity.users.invite(actorOf(admin), {
      accountId: t.account.id,
      email: 'invited@example.com',
      role: 'member',
    });
    expect(invitationUrl).toMatch(/\/app\/set-password\?token=/);
    expect(await h.factory.mailedSecret(user.email)).toBe(new URL(invitationUrl!).searchParams.get('token'));
    const again = await h.services.identity.passwords.linkForMember(actorOf(admin), user.id);
    expect(again).toMatchObject({ purpose: 'invitation', url: expect.stringMatching(/set-password\?token=/) });
    await h.services.identity.passwords.resetPassword({
      token: new URL(again.url!).searchParams.get('token')!,
      password: PASSWORD,
    });
    expect(await h.services.identity.passwords.linkForMember(actorOf(admin), user.id)).toMatchObject({ purpose: 'reset' });
    await expect(h.services.identity.passwords.linkForMember(actorOf(user), admin.id)).rejects.toMatchObject({
      code: 'forbidden',
    });
    await expect(h.services.identity.passwords.linkForMember(actorOf(admin), t.owner.id)).rejects.toMatchObject({
      code: 'forbidden',
    });
  });

  it('takes a passkey ceremony’s challenge once: a refused answer leaves nothing to replay', async () => {
    const { ceremony, options } = await h.services.identity.passkeys.startSignIn();
    expect(options).toMatchObject({ rpId: 'qrelay.test', userVerification: 'required' });
    const stored = () => h.infra.database.db.selectFrom('webauthn_challenges').selectAll().where('id', '=', ceremony).execute();
    expect(await stored()).toHaveLength(1);
    const forged = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {}, clientExtensionResults: {} } as never;
    await expect(h.services.identity.passkeys.finishSignIn({ ceremony, response: forged })).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'passkey',
    });
    expect(await stored()).toEqual([]);
  });
});
