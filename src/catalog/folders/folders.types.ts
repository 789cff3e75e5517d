export interface Folder {
  id: string;
  accountId: string;
  name: string;
  createdAt: number;
  updatedAt: number;
}

/** A folder with the number of its live (not archived) codes, counted when read. */
export interface FolderWithCount extends Folder {
  codeCount: number;
}

export interface CreateFolderInput {
  name: string;
}

export interface RenameFolderInput {
  name?: string;
}

export const FOLDER_NAME_MAX = 100;
