import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import type { SessionPrincipal } from '../../identity/index.js';
import { can, PERMISSIONS, scopesForRole } from '../../platform/index.js';
import type { Services } from '../../services.js';
import { responses } from '../schemas.js';
import { SESSION_COOKIE, cookieOptions, sessionCookieOptions } from './cookies.js';
import type { Csrf } from './csrf.js';
import { sessionOf } from './session.guard.js';
import { ForgotBody, SessionResponse, SetPasswordBody, SetupBody, SignInBody } from './session.schema.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import {
  CodeBody,
  ConfirmedEmailResponse,
  ConfirmEmailBody,
  PasskeyCeremonyResponse,
  PasskeySignInBody,
} from '../api/v1/security/schema.js';
import { Unauthorized } from '../../lib/errors.js';
import type { SignInThrottle } from './sign-in.throttle.js';
import { declareRoutes } from '../api/v1/route.js';

export interface SessionRoutesContext {
  config: Config;
  services: Services;
  csrf: Csrf;
  throttle: SignInThrottle;
}

const TAGS = ['dashboard'];
const route = declareRoutes(TAGS);

/** Signing in and out, forgotten passwords, invitations and first-run set-up. */
export const sessionRoutes: FastifyPluginAsyncTypebox<SessionRoutesContext> = async (
  app,
  { config, services, csrf, throttle },
) => {
  const pendingOf = async (request: FastifyRequest) => {
    const secret = request.cookies[SESSION_COOKIE];
    return secret ? services.identity.sessions.awaitingSecondFactor(secret) : null;
  };
  const state = async (request: FastifyRequest, reply: FastifyReply, found: SessionPrincipal | null) => {
    const role = found?.user.role;
    return {
      data: {
        csrfToken: csrf.issue(request, reply),
        setupPending: found ? false : await services.identity.setup.pending(),
        secondFactorPending: found ? false : (await pendingOf(request)) !== null,
        twoFactor: found ? { enabled: found.twoFactor, required: found.account.requireTwoFactor } : null,
        mailConfigured: services.platform.mail.delivers,
        user: found ? { id: found.user.id, email: found.user.email, name: found.user.name, role: found.user.role } : null,
        account: found ? { id: found.account.id, name: found.account.name, plan: found.account.plan.name } : null,
        scopes: role ? scopesForRole(role) : [],
        permissions: role ? PERMISSIONS.filter((p) => can(role, p)) : [],
      },
    };
  };
  const startSession = async (request: FastifyRequest, reply: FastifyReply, secret: string) => {
    reply.setCookie(SESSION_COOKIE, secret, sessionCookieOptions(config));
    // The state reads the cookie the browser will send from now on.
    request.cookies[SESSION_COOKIE] = secret;
    return state(request, reply, await services.identity.sessions.authenticate(secret));
  };
  const userAgent = (request: FastifyRequest) => request.headers['user-agent'] ?? null;
  /** Signs in a person who has just chosen their password (through a link or at set-up). */
  const signInAs = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: { accountId: string; email: string },
    password: string,
  ) => {
    const { secret } = await services.identity.sessions.signIn({
      accountId: user.accountId,
      email: user.email,
      password,
      userAgent: userAgent(request),
    });
    return startSession(request, reply, secret);
  };

  app.get(
    '/session',
    route(null, 'getSession', 'Who is signed in, and a CSRF token for the next state change', {
      response: { 200: SessionResponse },
    }),
    async (request, reply) => state(request, reply, await sessionOf(services, request)),
  );

  app.post(
    '/session',
    route(null, 'signIn', 'Sign in with e-mail and password', {
      description: 'For a person with two-factor sign-in, the answer says secondFactorPending: send the code next.',
      body: SignInBody,
      response: responses({ 200: SessionResponse }),
    }),
    async (request, reply) => {
      await throttle.take(request.ip, request.body.email);
      const { secret } = await services.identity.sessions.signInWithEmail({ ...request.body, userAgent: userAgent(request) });
      return startSession(request, reply, secret);
    },
  );

  app.post(
    '/session/second-factor',
    route(null, 'signInSecondFactor', 'Finish signing in with a code of the authenticator app or a recovery code', {
      body: CodeBody,
      response: responses({ 200: SessionResponse }),
    }),
    async (request, reply) => {
      const pending = await pendingOf(request);
      if (!pending) throw new Unauthorized('Sign in with your password first; the pause after it lasts ten minutes.');
      await throttle.take(request.ip, `second-factor:${pending.userId}`);
      await services.identity.twoFactor.verify(pending, request.body.code);
      await services.identity.sessions.complete(pending);
      return state(request, reply, await sessionOf(services, request));
    },
  );

  app.post(
    '/session/passkey/options',
    route(null, 'startPasskeySignIn', 'Start signing in with a passkey', {
      response: responses({ 200: PasskeyCeremonyResponse }),
    }),
    async (request) => {
      await throttle.take(request.ip, 'passkey-options');
      const { ceremony, options } = await services.identity.passkeys.startSignIn();
      return { data: { ceremony, options: options as unknown as Record<string, unknown> } };
    },
  );

  app.post(
    '/session/passkey',
    route(null, 'signInWithPasskey', 'Sign in with a passkey, or give it as the second factor after the password', {
      body: PasskeySignInBody,
      response: responses({ 200: SessionResponse }),
    }),
    async (request, reply) => {
      const credential = String((request.body.response as { id?: unknown }).id ?? '');
      await throttle.take(request.ip, `passkey:${credential}`);
      const owner = await services.identity.passkeys.finishSignIn({
        ceremony: request.body.ceremony,
        response: request.body.response as unknown as AuthenticationResponseJSON,
      });
      const pending = await pendingOf(request);
      if (pending && pending.userId === owner.userId) {
        await services.identity.sessions.complete(pending);
        return state(request, reply, await sessionOf(services, request));
      }
      const { secret } = await services.identity.sessions.signInWithPasskey({ ...owner, userAgent: userAgent(request) });
      return startSession(request, reply, secret);
    },
  );

  app.post(
    '/email/confirm',
    route(null, 'confirmEmail', 'Confirm a new e-mail address through its one-time link', {
      body: ConfirmEmailBody,
      response: responses({ 200: ConfirmedEmailResponse }),
    }),
    async (request) => ({ data: { email: (await services.identity.emailChange.confirm(request.body.token)).email } }),
  );

  app.delete(
    '/session',
    route(null, 'signOut', 'Sign out', { response: responses({ 204: Type.Null({ description: 'Signed out.' }) }) }),
    async (request, reply) => {
      const secret = request.cookies[SESSION_COOKIE];
      if (secret) await services.identity.sessions.signOut(secret);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(config));
      return reply.code(204).send();
    },
  );

  app.post(
    '/password/forgot',
    route(null, 'requestPasswordReset', 'Mail a link to set a new password', {
      description: 'Answers alike for known and unknown addresses.',
      body: ForgotBody,
      response: responses({ 202: Type.Null({ description: 'Accepted; a link is mailed when the address is known.' }) }),
    }),
    async (request, reply) => {
      await throttle.take(request.ip, request.body.email);
      await services.identity.passwords.requestResetAnywhere(request.body.email);
      return reply.code(202).send();
    },
  );

  /** A route that makes a person able to sign in (a password chosen) and then signs them in. */
  const settlesThenSignsIn = <B extends TSchema>(
    url: string,
    schema: { operationId: string; summary: string; body: B },
    settle: (body: Static<B> & { password: string }) => Promise<{ accountId: string; email: string }>,
  ) =>
    app.post(
      url,
      { schema: { ...schema, tags: TAGS, response: responses({ 200: SessionResponse }) } },
      async (request, reply) => {
        const body = request.body as Static<B> & { password: string };
        return signInAs(request, reply, await settle(body), body.password);
      },
    );

  settlesThenSignsIn(
    '/password',
    {
      operationId: 'setPassword',
      summary: 'Set a password through a one-time link (invitation or reset) and sign in',
      body: SetPasswordBody,
    },
    (body) => services.identity.passwords.resetPassword(body),
  );

  settlesThenSignsIn(
    '/setup',
    {
      operationId: 'completeSetup',
      summary: 'First run: create the first account and its owner, then sign in',
      body: SetupBody,
    },
    (body) => services.identity.setup.complete(body),
  );
};
