import { InvalidRequest } from './errors.js';
import { isId } from './ids.js';

/** An opaque page cursor: the last id of a page, base64url, so clients never build one themselves. */
export const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

/** The id inside a cursor; InvalidRequest if it is not one this API returned. */
export function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!isId(id)) throw new InvalidRequest('cursor is not one this API returned.', 'cursor');
  return id;
}
