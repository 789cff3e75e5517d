import { describe, expect, it } from 'vitest';
import { InvalidRequest } from '../lib/errors.js';
import { isId } from '../lib/ids.js';
import { newNamed, renamed, validName } from './names.js';

describe('names', () => {
  it('trims a name and refuses an empty or too long one with a 400 naming the field', () => {
    expect(validName('  Spring  ', 10)).toBe('Spring');
    expect(() => validName('   ', 10)).toThrow(InvalidRequest);
    expect(() => validName('x'.repeat(11), 10, 'label')).toThrow('label must be 1 to 10 characters.');
  });

  it('makes a new named object of an account, created and changed at the same instant', () => {
    const made = newNamed('acct', ' Posters ', 20, 1_000);
    expect(isId(made.id)).toBe(true);
    expect(made).toEqual({ id: made.id, accountId: 'acct', name: 'Posters', createdAt: 1_000, updatedAt: 1_000 });
    expect(newNamed('acct', 'Posters', 20, 1_000).id).not.toBe(made.id);
    expect(() => newNamed('acct', '', 20, 1_000)).toThrow(InvalidRequest);
  });

  it('renames keeping every other field, and refuses a bad name', () => {
    const folder = { id: 'f1', name: 'Old', createdAt: 1, updatedAt: 1, codeCount: 3 };
    expect(renamed(folder, ' New ', 20, 5)).toEqual({ id: 'f1', name: 'New', createdAt: 1, updatedAt: 5, codeCount: 3 });
    expect(() => renamed(folder, 'x'.repeat(21), 20, 5)).toThrow(InvalidRequest);
  });
});
