import type { MailMessage } from '../platform/index.js';
import type { User } from './users.types.js';

/** The address of the page where a single-use link sets a password. */
export const passwordLink = (publicUrl: string, secret: string): string => `${publicUrl}/app/set-password?token=${secret}`;

export function invitationMail(user: User, accountName: string, link: string): MailMessage {
  return {
    accountId: user.accountId,
    kind: 'invitation',
    to: user.email,
    subject: `You have been invited to ${accountName} on qrelay`,
    text: [
      `Hello${user.name ? ` ${user.name}` : ''},`,
      '',
      `You have been added to ${accountName} on qrelay as ${user.role}.`,
      'Choose your password here to sign in (the link works once and expires in 7 days):',
      '',
      link,
      '',
      'If you did not expect this, you can ignore this message.',
    ].join('\n'),
  };
}

export function resetMail(user: User, accountName: string, link: string): MailMessage {
  return {
    accountId: user.accountId,
    kind: 'password_reset',
    to: user.email,
    subject: `Reset your qrelay password for ${accountName}`,
    text: [
      'Somebody asked to reset the password of this address on qrelay.',
      'Choose a new password here (the link works once and expires in 1 hour):',
      '',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

/** The page where a link confirms a new e-mail address. */
export const emailLink = (publicUrl: string, secret: string): string => `${publicUrl}/app/confirm-email?token=${secret}`;

export function emailChangeMail(user: User, newEmail: string, link: string): MailMessage {
  return {
    accountId: user.accountId,
    kind: 'email_change',
    to: newEmail,
    subject: 'Confirm your new address on qrelay',
    text: [
      `Somebody signed in as ${user.email} asked to sign in with this address from now on.`,
      'Confirm it here (the link works once and expires in 24 hours):',
      '',
      link,
      '',
      'If it was not you, ignore this message: nothing changes.',
    ].join('\n'),
  };
}

export function emailChangedMail(user: User, newEmail: string): MailMessage {
  return {
    accountId: user.accountId,
    kind: 'email_changed',
    to: user.email,
    subject: 'Your qrelay address was changed',
    text: [
      `You now sign in to qrelay with ${newEmail} instead of this address.`,
      'If you did not ask for it, tell the owner of your account at once.',
    ].join('\n'),
  };
}
