import type { Transactor } from '../../db/transaction.js';
import type { Clock } from '../../lib/clock.js';
import { FolderKind, type FiledRows } from './folder-kind.js';
import type { FoldersRepository } from './store/folders.repository.js';
import { FOLDER_NAME_MAX, type FolderWithCount } from './folders.types.js';

/**
 * Folders of codes: one name per account (any case); counts of live codes are read, never kept
 * Deleting one leaves its codes in no folder and returns how many it held.
 */
export class FoldersService extends FolderKind<FolderWithCount> {
  constructor(folders: FoldersRepository, codes: FiledRows, transactor: Transactor, clock: Clock) {
    super(
      { noun: 'folder', nameMax: FOLDER_NAME_MAX, created: (folder) => ({ ...folder, codeCount: 0 }) },
      folders,
      codes,
      transactor,
      clock,
    );
  }
}
