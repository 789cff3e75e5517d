import { Type } from '@sinclair/typebox';
import { DataEnvelope, DateTime, Nullable, StringEnum } from '../../../schemas.js';

const Password = Type.String({ minLength: 1, maxLength: 1024 });
const Code = Type.String({ minLength: 1, maxLength: 40, description: 'Six digits from the app, or a recovery code.' });

export const OwnSession = Type.Object(
  {
    id: Type.String(),
    agent: Nullable(Type.String({ description: 'The browser and system it was opened from, e.g. "Firefox on Windows".' })),
    createdAt: DateTime,
    lastUsedAt: Nullable(DateTime),
    current: Type.Boolean({ description: 'The session this request comes from.' }),
  },
  { title: 'OwnSession', description: 'A dashboard session of the signed-in person (no address is ever kept).' },
);
export const OwnSessionsResponse = DataEnvelope(Type.Array(OwnSession));
export const EndedSessionsResponse = DataEnvelope(Type.Object({ ended: Type.Integer({ minimum: 0 }) }));

export const ChangePasswordBody = Type.Object({ current: Password, password: Password }, { additionalProperties: false });
export const ChangedResponse = DataEnvelope(Type.Object({ changed: Type.Literal(true) }));

export const ChangeEmailBody = Type.Object(
  { password: Password, email: Type.String({ minLength: 1, maxLength: 320 }) },
  { additionalProperties: false },
);
export const EmailLinkResponse = DataEnvelope(
  Type.Object({
    email: Type.String({ description: 'The new address, used once it is confirmed.' }),
    url: Nullable(
      Type.String({ description: 'The confirmation link, answered only when this server sends no mail; null when mailed.' }),
    ),
  }),
);
export const ConfirmEmailBody = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const ConfirmedEmailResponse = DataEnvelope(Type.Object({ email: Type.String() }));

export const TwoFactorStatusResponse = DataEnvelope(
  Type.Object(
    {
      totp: Type.Boolean({ description: 'An authenticator app is set up.' }),
      recoveryCodesLeft: Type.Integer({ minimum: 0 }),
      required: Type.Boolean({ description: 'The account requires two-factor sign-in of everybody.' }),
    },
    { title: 'TwoFactorStatus' },
  ),
);
export const TotpEnrolmentResponse = DataEnvelope(
  Type.Object({
    secret: Type.String({ description: 'The shared secret, base32, for typing into an app by hand.' }),
    uri: Type.String({ description: 'The otpauth:// address to show as a QR symbol.' }),
  }),
);
export const CodeBody = Type.Object({ code: Code }, { additionalProperties: false });
export const PasswordBody = Type.Object({ password: Password }, { additionalProperties: false });
export const RecoveryCodesResponse = DataEnvelope(
  Type.Object({ recoveryCodes: Type.Array(Type.String(), { description: 'Ten single-use codes, shown this once.' }) }),
);
export const RequireTwoFactorBody = Type.Object({ required: Type.Boolean() }, { additionalProperties: false });
export const RequireTwoFactorResponse = DataEnvelope(Type.Object({ required: Type.Boolean() }));

export const MemberLinkResponse = DataEnvelope(
  Type.Object({
    purpose: StringEnum(['invitation', 'reset']),
    expiresAt: DateTime,
    url: Nullable(Type.String({ description: 'The single-use link, answered only when this server sends no mail.' })),
  }),
);

/** WebAuthn's own JSON, passed between the browser's and the server's WebAuthn libraries as it is. */
const WebAuthnJson = (description: string) => Type.Object({}, { additionalProperties: true, description });

export const Passkey = Type.Object(
  { id: Type.String(), name: Type.String(), createdAt: DateTime, lastUsedAt: Nullable(DateTime) },
  { title: 'Passkey' },
);
export const PasskeyListResponse = DataEnvelope(Type.Array(Passkey));
export const PasskeyResponse = DataEnvelope(Passkey);
export const PasskeyCeremonyResponse = DataEnvelope(
  Type.Object({
    ceremony: Type.String({ description: 'Send it back with the answer; it works once, within five minutes.' }),
    options: WebAuthnJson('The options for navigator.credentials (as @simplewebauthn/browser takes them).'),
  }),
);
export const AddPasskeyBody = Type.Object(
  {
    ceremony: Type.String({ minLength: 1, maxLength: 64 }),
    name: Type.Optional(Type.String({ maxLength: 100 })),
    response: WebAuthnJson('The browser’s answer (a registration).'),
  },
  { additionalProperties: false },
);
export const PasskeySignInBody = Type.Object(
  {
    ceremony: Type.String({ minLength: 1, maxLength: 64 }),
    response: WebAuthnJson('The browser’s answer (an assertion).'),
  },
  { additionalProperties: false },
);
