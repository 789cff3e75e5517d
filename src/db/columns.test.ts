import { describe, expect, it } from 'vitest';
import { fromColumns, toColumns } from './columns.js';

describe('fromColumns and toColumns', () => {
  it('carries the named columns over under camelCase names, and nothing else', () => {
    const row = { id: 'a', account_id: 'b', last_sign_in_at: null, password_hash: 'secret', sha256: 'c' };
    expect(fromColumns(row, 'id account_id last_sign_in_at sha256')).toStrictEqual({
      id: 'a',
      accountId: 'b',
      lastSignInAt: null,
      sha256: 'c',
    });
  });

  it('names the fields of a record as columns, the reverse of fromColumns', () => {
    const record = { id: 'a', accountId: 'b', lastSignInAt: 5, name: 'n' };
    const columns = toColumns(record, 'id accountId lastSignInAt');
    expect(columns).toStrictEqual({ id: 'a', account_id: 'b', last_sign_in_at: 5 });
    expect(fromColumns(columns, 'id account_id last_sign_in_at')).toStrictEqual({ id: 'a', accountId: 'b', lastSignInAt: 5 });
  });
});
