import { InvalidRequest } from '../../lib/errors.js';

export const DESTINATION_MAX = 2048;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * A redirect destination: an absolute http(s) address of at most 2048 characters, no control
 * characters. It is returned as the WHATWG URL parser serialises it (`https:evil.com` becomes
 * `https://evil.com/`), so what is stored and shown is what browsers follow.
 */
export function validateDestination(value: string, field = 'url'): string {
  if (value.length === 0 || value.length > DESTINATION_MAX) {
    throw new InvalidRequest(`${field} must be 1 to ${DESTINATION_MAX} characters.`, field);
  }
  if (CONTROL.test(value) || /\s/.test(value))
    throw new InvalidRequest(`${field} must not contain spaces or control characters.`, field);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidRequest(`${field} is not a valid absolute address.`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidRequest(`${field} must be an http or https address.`, field);
  if (!url.hostname) throw new InvalidRequest(`${field} must name a host.`, field);
  if (url.username || url.password) throw new InvalidRequest(`${field} must not carry credentials.`, field);
  if (url.href.length > DESTINATION_MAX) {
    throw new InvalidRequest(`${field} must be 1 to ${DESTINATION_MAX} characters once normalised.`, field);
  }
  return url.href;
}
