import { AppError } from '../lib/errors.js';

/** A sign-in that failed for any reason: unknown person, wrong password, no password yet, suspended. */
export class InvalidCredentials extends AppError {
  readonly code = 'unauthorized';
  constructor() {
    super('The e-mail address or the password is wrong.');
  }
}
