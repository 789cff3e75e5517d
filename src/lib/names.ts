import { InvalidRequest } from './errors.js';

/** A label given by a person (code, folder, template): trimmed, 1 to `max` characters, or a 400 naming `field`. */
export function validName(value: string, max: number, field = 'name'): string {
  const name = value.trim();
  if (name.length === 0 || name.length > max) throw new InvalidRequest(`${field} must be 1 to ${max} characters.`, field);
  return name;
}
