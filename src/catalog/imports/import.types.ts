import { InvalidRequest } from '../../lib/errors.js';
import type { JobError } from '../../platform/index.js';

/** The services links and codes can be moved in from, and `csv` (`url,shortCode,name`). */
export const IMPORT_SOURCES = ['bitly', 'shlink', 'yourls', 'kutt', 'dub', 'csv'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** The sources that can also be read over their own API (with an API key or signature). */
export const API_SOURCES = ['shlink', 'yourls', 'kutt'] as const;
export type ApiSourceName = (typeof API_SOURCES)[number];

/** One short link as the old service knew it. Fields a source does not carry are null (or empty). */
export interface ImportedLink {
  /** 1 for the first record: a file's first data row, or the API's first item in the order read. */
  row: number;
  /** The destination as the old service stored it (checked later like any destination). */
  url: string;
  /** The ending on the old service (`bit.ly/<shortCode>`), or null when the source has none. */
  shortCode: string | null;
  /** The old short domain (`bit.ly`, `s.example.com`), when the source says. */
  domain: string | null;
  title: string | null;
  tags: string[];
  /** When the old service created it, epoch milliseconds. */
  createdAt: number | null;
  /** The lifetime visits the old service counted, when it says: kept as an imported figure, never as events. */
  clicks: number | null;
}

/** A record read, or what is wrong with one (its row, the field, a message a person understands). */
export type ImportRecord = ImportedLink | { row: number; error: JobError };

/** Where an API source is reached: its base address and its key (Shlink: X-Api-Key; YOURLS: signature; Kutt: X-API-KEY). */
export interface ApiSource {
  url: string;
  apiKey: string;
}

/** A response as the API readers need it. */
export interface FetchedResponse {
  status: number;
  /** A response header, lower-case name (`retry-after`, `link`), or null. */
  header(name: string): string | null;
  /** The body as text (at most a few megabytes). */
  text(): Promise<string>;
}

/**
 * How API readers reach the old service: GET only, no redirects followed, private addresses refused
 * unless the operator allows them, a timeout per request. Tests pass a stand-in.
 */
export type ImportFetch = (url: string, headers: Record<string, string>) => Promise<FetchedResponse>;

/** Reads an export file of one product, a record at a time. A file of another product or one that cannot be read throws FileProblem. */
export type FileReader = (path: string) => AsyncGenerator<ImportRecord>;

/**
 * Reads a product's API page by page, a record at a time; waits out a 429 (Retry-After, at most a
 * minute, a few times); a refused key, a server error or a timeout throws ImportRefused naming the request.
 */
export type ApiReader = (source: ApiSource, fetch: ImportFetch) => AsyncGenerator<ImportRecord>;

/** A source that refused or failed (a 401/403 key, a 5xx, a timeout): the job fails with this message, which names the request. */
export class ImportRefused extends InvalidRequest {
  constructor(message: string) {
    super(message, 'source');
  }
}
