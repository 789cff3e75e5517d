import type { ApiReader, ApiSourceName, FileReader, ImportSource } from '../import.types.js';
import { readBitlyExport } from './bitly.js';
import { readCsv } from './csv.js';
import { readDubExport } from './dub.js';
import { readKuttApi } from './kutt.js';
import { readShlinkApi, readShlinkExport } from './shlink.js';
import { readYourlsApi, readYourlsExport } from './yourls.js';

/** The reader of each source's export file; Kutt has none (its links are read over its API only). */
export const fileReaders: Record<ImportSource, FileReader | undefined> = {
  bitly: readBitlyExport,
  shlink: readShlinkExport,
  yourls: readYourlsExport,
  kutt: undefined,
  dub: readDubExport,
  csv: readCsv,
};

/** The reader of each source's API. */
export const apiReaders: Record<ApiSourceName, ApiReader> = {
  shlink: readShlinkApi,
  yourls: readYourlsApi,
  kutt: readKuttApi,
};

export { FileProblem } from '../../bulk/bulk.rows.js';
