import { isUniqueViolation } from './dialect.js';
import { InvalidRequest } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { textProblem } from '../lib/text.js';

/** A label given by a person (code, folder, template): trimmed, 1 to `max` characters, or a 400 naming `field`. */
export function validName(value: string, max: number, field = 'name'): string {
  const name = value.trim();
  if (name.length === 0 || name.length > max) throw new InvalidRequest(`${field} must be 1 to ${max} characters.`, field);
  // Every surface (JSON, multipart, the CLI) names things under the same rule.
  const problem = textProblem(name);
  if (problem) throw new InvalidRequest(`${field} ${problem}.`, field);
  return name;
}

/** A new named object of an account (folder, template, campaign): a fresh id, its name checked, created and changed `now`. */
export const newNamed = (accountId: string, name: string, max: number, now: number) => ({
  id: newId(),
  accountId,
  name: validName(name, max),
  createdAt: now,
  updatedAt: now,
});

/** `named` under a new name (checked), changed `now`. */
export const renamed = <T extends { name: string; updatedAt: number }>(named: T, name: string, max: number, now: number): T => ({
  ...named,
  name: validName(name, max),
  updatedAt: now,
});

/** Runs `write`; the store's unique violation on a name becomes a 400 naming `name` ("a folder's", "a media folder's"). */
export async function uniqueName(name: string, whose: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new InvalidRequest(`name "${name}" is already ${whose} name (case is ignored).`, 'name');
    throw error;
  }
}
