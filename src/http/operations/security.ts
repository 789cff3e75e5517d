import { iso, isoOrNull } from '../../lib/clock.js';
import { InvalidRequest } from '../../lib/errors.js';
import { Type } from '@sinclair/typebox';
import type { PasskeySummary, Principal } from '../../identity/index.js';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import {
  AddPasskeyBody,
  ChangedResponse,
  ChangeEmailBody,
  ChangePasswordBody,
  CodeBody,
  EmailLinkResponse,
  EndedSessionsResponse,
  MemberLinkResponse,
  OwnSessionsResponse,
  PasskeyCeremonyResponse,
  PasskeyListResponse,
  PasskeyResponse,
  PasswordBody,
  RecoveryCodesResponse,
  RequireTwoFactorBody,
  RequireTwoFactorResponse,
  TotpEnrolmentResponse,
  TwoFactorStatusResponse,
} from '../api/v1/security/schema.js';
import { DeletedEnvelope, IdParams } from '../schemas.js';
import { operation } from './operation.js';

const tag = 'dashboard';
const own = { tag, scope: null, metered: false } as const;

/** The dashboard session a request comes from (its principal's token stands for the session). */
function sessionIdOf(principal: Principal): string {
  const [kind, id] = principal.token.id.split(':');
  if (kind !== 'session' || !id) throw new InvalidRequest('Only a dashboard session can do this.');
  return id;
}

/**
 * The signed-in person's own security, only on the session surface (/app/api/me/...): sessions,
 * password, address and two-factor sign-in. A person whose account requires two factors reaches these
 * before setting theirs up.
 */
export const OWN_SECURITY = [
  operation({
    ...own,
    id: 'listOwnSessions',
    summary: 'My signed-in sessions',
    description: 'Where I am signed in: the browser and system, when the session began and was last used.',
    kind: 'read',
    http: 'GET /me/sessions',
    output: OwnSessionsResponse,
    run: async (actor, _input, { services, principal }) => {
      const current = sessionIdOf(principal);
      return (await services.identity.sessions.listLive(actor.userId)).map((session) => ({
        id: session.id,
        agent: session.agent,
        createdAt: iso(session.createdAt),
        lastUsedAt: isoOrNull(session.lastUsedAt),
        current: session.id === current,
      }));
    },
  }),
  operation({
    ...own,
    id: 'endOwnSession',
    summary: 'Sign out one of my sessions',
    description: 'Ends one session of mine; another person’s is not found.',
    kind: 'remove',
    http: 'DELETE /me/sessions/:id',
    params: IdParams,
    output: DeletedEnvelope(),
    run: async (actor, { id }, { services }) => {
      await services.identity.sessions.revokeOwn(actor.userId, id);
    },
  }),
  operation({
    ...own,
    id: 'endOtherSessions',
    summary: 'Sign out everywhere else',
    description: 'Ends every session of mine but the one this request comes from.',
    kind: 'change',
    http: 'POST /me/sessions/end-others',
    output: EndedSessionsResponse,
    run: async (actor, _input, { services, principal }) => ({
      ended: await services.identity.sessions.revokeOthers(actor.userId, sessionIdOf(principal)),
    }),
  }),
  operation({
    ...own,
    id: 'changeOwnPassword',
    summary: 'Change my password',
    description: 'With the current password. My other sessions end; this one stays.',
    kind: 'change',
    http: 'POST /me/password',
    body: ChangePasswordBody,
    output: ChangedResponse,
    run: async (actor, { current, password }, { services, principal }) => {
      await services.identity.passwords.change(actor, { sessionId: sessionIdOf(principal), current, password });
      return { changed: true as const };
    },
  }),
  operation({
    ...own,
    id: 'changeOwnEmail',
    summary: 'Change my e-mail address',
    description:
      'With the current password. A link sent to the new address confirms it; until then the old one stays. Without mail the link is answered in url.',
    kind: 'change',
    http: 'POST /me/email',
    body: ChangeEmailBody,
    output: EmailLinkResponse,
    run: async (actor, body, { services }) => services.identity.emailChange.request(actor, body),
  }),
  operation({
    ...own,
    id: 'getOwnTwoFactor',
    summary: 'My two-factor sign-in',
    description: 'Whether an authenticator app is set up, the recovery codes left, and whether the account requires it.',
    kind: 'read',
    http: 'GET /me/two-factor',
    output: TwoFactorStatusResponse,
    run: async (actor, _input, { services }) => services.identity.twoFactor.status(actor),
  }),
  operation({
    ...own,
    id: 'startTotp',
    summary: 'Start setting up an authenticator app',
    description: 'A new secret and its otpauth:// address; it works once confirmed with a first code.',
    kind: 'change',
    http: 'POST /me/two-factor/totp',
    output: TotpEnrolmentResponse,
    run: async (actor, _input, { services }) => services.identity.twoFactor.begin(actor),
  }),
  operation({
    ...own,
    id: 'confirmTotp',
    summary: 'Confirm the authenticator app with a first code',
    description: 'Answers ten single-use recovery codes, shown this once.',
    kind: 'change',
    http: 'POST /me/two-factor/totp/confirm',
    body: CodeBody,
    output: RecoveryCodesResponse,
    run: async (actor, { code }, { services }) => services.identity.twoFactor.confirm(actor, code),
  }),
  operation({
    ...own,
    id: 'removeTotp',
    summary: 'Turn two-factor sign-in off',
    description: 'With the current password; refused where the account requires two-factor sign-in.',
    kind: 'change',
    http: 'POST /me/two-factor/totp/remove',
    body: PasswordBody,
    output: ChangedResponse,
    run: async (actor, { password }, { services }) => {
      await services.identity.twoFactor.remove(actor, password);
      return { changed: true as const };
    },
  }),
  operation({
    ...own,
    id: 'renewRecoveryCodes',
    summary: 'New recovery codes',
    description: 'With the current password: ten new codes replace the old ones, shown this once.',
    kind: 'change',
    http: 'POST /me/two-factor/recovery-codes',
    body: PasswordBody,
    output: RecoveryCodesResponse,
    run: async (actor, { password }, { services }) => services.identity.twoFactor.renewRecoveryCodes(actor, password),
  }),
  operation({
    ...own,
    id: 'listOwnPasskeys',
    summary: 'My passkeys',
    description: 'The passkeys I can sign in with, by name, with when each was added and last used.',
    kind: 'read',
    http: 'GET /me/passkeys',
    output: PasskeyListResponse,
    run: async (actor, _input, { services }) => (await services.identity.passkeys.list(actor)).map(presentPasskey),
  }),
  operation({
    ...own,
    id: 'startPasskey',
    summary: 'Start adding a passkey',
    description: 'The options for the browser and the ceremony id to send back with its answer.',
    kind: 'change',
    http: 'POST /me/passkeys/options',
    output: PasskeyCeremonyResponse,
    run: async (actor, _input, { services }) => {
      const { ceremony, options } = await services.identity.passkeys.startRegistration(actor);
      return { ceremony, options: options as unknown as Record<string, unknown> };
    },
  }),
  operation({
    ...own,
    id: 'addPasskey',
    summary: 'Add a passkey',
    description: 'With the browser’s answer to the ceremony started just before.',
    kind: 'add',
    http: 'POST /me/passkeys',
    body: AddPasskeyBody,
    output: PasskeyResponse,
    run: async (actor, { ceremony, name, response }, { services }) =>
      presentPasskey(
        await services.identity.passkeys.finishRegistration(actor, {
          ceremony,
          ...(name === undefined ? {} : { name }),
          response: response as unknown as RegistrationResponseJSON,
        }),
      ),
  }),
  operation({
    ...own,
    id: 'removePasskey',
    summary: 'Remove a passkey',
    description: 'It no longer signs me in.',
    kind: 'remove',
    http: 'DELETE /me/passkeys/:id',
    params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 1024 }) }),
    output: DeletedEnvelope(),
    run: async (actor, { id }, { services }) => {
      await services.identity.passkeys.remove(actor, id);
    },
  }),
];

const presentPasskey = (passkey: PasskeySummary) => ({
  id: passkey.id,
  name: passkey.name,
  createdAt: iso(passkey.createdAt),
  lastUsedAt: isoOrNull(passkey.lastUsedAt),
});

/** What owners and admins do for others from the dashboard: the account's two-factor rule, a member's new link. */
export const TEAM_SECURITY = [
  operation({
    tag,
    scope: null,
    metered: false,
    id: 'requireTwoFactor',
    summary: 'Require two-factor sign-in of everybody in the account',
    description: 'Owner only, who must have it set up first. People without it are led to set it up at their next request.',
    kind: 'change',
    http: 'PUT /account/two-factor',
    body: RequireTwoFactorBody,
    output: RequireTwoFactorResponse,
    run: async (actor, { required }, { services }) => {
      await services.identity.twoFactor.setRequired(actor, required);
      return { required };
    },
  }),
  operation({
    tag,
    scope: 'team:write',
    metered: false,
    id: 'sendMemberLink',
    summary: 'Send a person a new link to set their password',
    description:
      'An invitation for somebody without a password yet, else a reset (1 hour). Mailed; when this server sends no mail, answered in url to hand over.',
    kind: 'change',
    http: 'POST /users/:id/password-link',
    params: IdParams,
    output: MemberLinkResponse,
    run: async (actor, { id }, { services }) => {
      const link = await services.identity.passwords.linkForMember(actor, id);
      return { purpose: link.purpose as 'invitation' | 'reset', expiresAt: iso(link.expiresAt), url: link.url };
    },
  }),
];
