import { NotFound } from './errors.js';
import { isId } from './ids.js';

/**
 * What `find` answers for `id`, or 404 naming `what`. A string that is no id is never looked up, so
 * it is a 404 like an id nobody has (or another account's).
 */
export async function foundById<T>(what: string, id: string, find: (id: string) => Promise<T | null>): Promise<T> {
  const found = isId(id) ? await find(id) : null;
  if (!found) throw new NotFound(what);
  return found;
}
