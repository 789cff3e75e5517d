import { describe, expect, it } from 'vitest';
import { API_SOURCES, IMPORT_SOURCES } from '../import.types.js';
import { apiReaders, fileReaders } from './index.js';

describe('the readers by source', () => {
  it('has a file reader for every source but Kutt, and an API reader for every API source', () => {
    expect(Object.keys(fileReaders).sort()).toEqual([...IMPORT_SOURCES].sort());
    expect(IMPORT_SOURCES.filter((source) => fileReaders[source] === undefined)).toEqual(['kutt']);
    expect(Object.keys(apiReaders).sort()).toEqual([...API_SOURCES].sort());
    for (const source of API_SOURCES) expect(apiReaders[source]).toBeTypeOf('function');
  });
});
