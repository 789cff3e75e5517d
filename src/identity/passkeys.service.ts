import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Clock } from '../lib/clock.js';
import { Forbidden, InvalidRequest, NotFound } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import type { Person } from '../platform/index.js';
import type { AccountsRepository } from './store/accounts.repository.js';
import type { PasskeyRecord, PasskeysRepository } from './store/passkeys.repository.js';
import type { SecondFactorsRepository } from './store/second-factors.repository.js';
import type { UsersRepository } from './store/users.repository.js';

/** A ceremony's challenge lasts this long: time to touch the key or unlock the phone. */
const CHALLENGE_TTL = 5 * 60_000;
const MAX_NAME = 100;

export interface PasskeysDeps {
  passkeys: PasskeysRepository;
  users: UsersRepository;
  accounts: Pick<AccountsRepository, 'findById'>;
  secondFactors: Pick<SecondFactorsRepository, 'hasConfirmed'>;
  clock: Clock;
  /** The relying party: the service's host name and its origin, from PUBLIC_URL. */
  publicUrl: string;
}

/** A passkey as its owner sees it listed (never its key). */
export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

const refused = () => new InvalidRequest('The passkey was not accepted. Try again, or sign in with your password.', 'passkey');

/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): a person adds one while signed in and signs in
 * with it instead of a password and a code, since the device holds the key and checks who holds
 * the device. Each ceremony's challenge is stored, works once and for five minutes, so a replayed
 * answer is refused; the signature counter, where the device keeps one, must go up.
 */
export class PasskeysService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(private readonly deps: PasskeysDeps) {
    const url = new URL(deps.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(actor: Person): Promise<PasskeySummary[]> {
    return (await this.deps.passkeys.listOf(actor.userId)).map(({ id, name, createdAt, lastUsedAt }) => ({
      id,
      name,
      createdAt,
      lastUsedAt,
    }));
  }

  /** Starts adding a passkey: the options for the browser, and the id of the stored challenge. */
  async startRegistration(actor: Person): Promise<{ ceremony: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const user = await this.deps.users.findInAccount(actor.accountId, actor.userId);
    if (!user) throw new NotFound('user');
    const existing = await this.deps.passkeys.listOf(user.id);
    const options = await generateRegistrationOptions({
      rpName: 'qrelay',
      rpID: this.rpID,
      userName: user.email,
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    return { ceremony: await this.challenge(options.challenge, user.id), options };
  }

  /** Finishes adding a passkey with the browser's answer to the challenge. */
  async finishRegistration(
    actor: Person,
    input: { ceremony: string; name?: string; response: RegistrationResponseJSON },
  ): Promise<PasskeySummary> {
    const taken = await this.deps.passkeys.takeChallenge(input.ceremony, this.deps.clock.now());
    if (!taken || taken.userId !== actor.userId) throw refused();
    const verified = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
    }).catch(() => ({ verified: false as const }));
    if (!verified.verified) throw refused();
    const { credential } = verified.registrationInfo;
    const now = this.deps.clock.now();
    const name = (input.name?.trim() || 'Passkey').slice(0, MAX_NAME);
    const record: PasskeyRecord = {
      id: credential.id,
      userId: actor.userId,
      accountId: actor.accountId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: now,
      lastUsedAt: null,
    };
    if (await this.deps.passkeys.find(record.id)) throw new InvalidRequest('This passkey is already added.', 'passkey');
    await this.deps.passkeys.insert(record);
    return { id: record.id, name, createdAt: now, lastUsedAt: null };
  }

  /** Removes one of the person's passkeys; not the last second factor where the account requires two. */
  async remove(actor: Person, id: string): Promise<void> {
    const account = await this.deps.accounts.findById(actor.accountId);
    if (account?.requireTwoFactor) {
      const keys = await this.deps.passkeys.listOf(actor.userId);
      const last = keys.length === 1 && keys[0]!.id === id;
      if (last && !(await this.deps.secondFactors.hasConfirmed(actor.userId)))
        throw new Forbidden(
          'Your account requires two-factor sign-in: add an authenticator app or another passkey before removing this one.',
        );
    }
    if (!(await this.deps.passkeys.remove(actor.userId, id))) throw new NotFound('passkey');
  }

  /** Starts a sign-in: options for any passkey of this service the device holds. */
  async startSignIn(): Promise<{ ceremony: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const options = await generateAuthenticationOptions({ rpID: this.rpID, userVerification: 'required' });
    await this.deps.passkeys.purgeChallenges(this.deps.clock.now());
    return { ceremony: await this.challenge(options.challenge, null), options };
  }

  /**
   * Checks a sign-in answer: the challenge (taken once), the signature with the stored key, the
   * user's verification and the counter. Answers the person the passkey belongs to.
   */
  async finishSignIn(input: {
    ceremony: string;
    response: AuthenticationResponseJSON;
  }): Promise<{ userId: string; accountId: string }> {
    const now = this.deps.clock.now();
    const taken = await this.deps.passkeys.takeChallenge(input.ceremony, now);
    const passkey = await this.deps.passkeys.find(String(input.response.id ?? ''));
    if (!taken || !passkey) throw refused();
    const result = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: taken.challenge,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    }).catch(() => null);
    if (!result?.verified) throw refused();
    if (!(await this.deps.passkeys.used(passkey.id, result.authenticationInfo.newCounter, now))) throw refused();
    return { userId: passkey.userId, accountId: passkey.accountId };
  }

  private async challenge(challenge: string, userId: string | null): Promise<string> {
    const id = newId();
    await this.deps.passkeys.putChallenge({ id, challenge, userId, expiresAt: this.deps.clock.now() + CHALLENGE_TTL });
    return id;
  }
}
