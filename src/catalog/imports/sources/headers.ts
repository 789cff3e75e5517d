import type { ImportSource } from '../import.types.js';

/**
 * The header rows each product's export really has, as plain data: every reader matches its own, and a
 * file refused by one reader is named by the others ("it looks like a Shlink export"). Names are compared
 * without case, spaces, `_`, `-` or `.` (`Long URL`, `long_url` and `longUrl` are one name). Where each
 * header comes from is written in docs/imports.md.
 */
export interface HeaderVariant<F extends string = string> {
  /** Which generation of the product's export this is, for the reader (tags are joined differently). */
  name: string;
  /** The names each field goes by, the first as the product writes it (used in messages). */
  columns: Readonly<Record<F, readonly string[]>>;
  /** Each group needs one of its fields present in the header. */
  required: readonly (readonly F[])[];
}

export interface ExportHeaders<F extends string = string> {
  source: ImportSource;
  /** The product and its export, as a person knows them. */
  product: string;
  variants: readonly HeaderVariant<F>[];
  /** Any other column is refused (the plain CSV, whose columns are ours); products may add columns over time. */
  strict?: boolean;
}

export const normaliseName = (name: string): string =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_.-]+/g, '');

type BitlyField = 'url' | 'link' | 'custom' | 'id' | 'title' | 'createdAt' | 'tags' | 'clicks';
type ShlinkField = 'createdAt' | 'domain' | 'shortCode' | 'shortUrl' | 'url' | 'title' | 'tags' | 'visits';
type YourlsField = 'keyword' | 'url' | 'title' | 'timestamp' | 'ip' | 'clicks';
type DubField = 'link' | 'url' | 'clicks' | 'createdAt' | 'tags' | 'title';
type CsvField = 'url' | 'shortCode' | 'name';

export const BITLY_HEADERS: ExportHeaders<BitlyField> = {
  source: 'bitly',
  product: 'Bitly links export',
  variants: [
    {
      name: 'bitly',
      columns: {
        url: ['long_url', 'Long URL', 'Destination URL', 'Destination', 'Original URL'],
        link: ['link', 'Bitlink'],
        custom: ['custom_bitlinks', 'Custom Link', 'Custom Links', 'Custom Bitlinks', 'Custom back-half', 'Custom back-halves'],
        id: ['id', 'Bitlink ID'],
        title: ['title'],
        createdAt: ['created_at', 'Created', 'Date Created', 'Created Date', 'Creation Date'],
        tags: ['tags'],
        clicks: ['clicks', 'Engagements', 'Total Clicks', 'Total Engagements'],
      },
      required: [['url'], ['link', 'custom', 'id']],
    },
  ],
};

export const SHLINK_HEADERS: ExportHeaders<ShlinkField> = {
  source: 'shlink',
  product: 'Shlink short URLs export (short_urls.csv)',
  variants: [
    {
      // shlink-web-client 3.10.1 (April 2023) and later, and shlink-web-component: tags joined by "|".
      name: 'current',
      columns: {
        createdAt: ['createdAt'],
        domain: ['domain'],
        shortCode: ['shortCode'],
        shortUrl: ['shortUrl'],
        url: ['longUrl'],
        title: ['title'],
        tags: ['tags'],
        visits: ['visits'],
      },
      required: [['url'], ['shortCode']],
    },
    {
      // shlink-web-client 3.6.0 to 3.10.0 (March 2022 to April 2023): no domain or shortCode columns, tags joined by ",".
      name: 'before-2023',
      columns: {
        createdAt: ['createdAt'],
        domain: [],
        shortCode: [],
        shortUrl: ['shortUrl'],
        url: ['longUrl'],
        title: ['title'],
        tags: ['tags'],
        visits: ['visits'],
      },
      required: [['url'], ['shortUrl']],
    },
  ],
};

export const YOURLS_HEADERS: ExportHeaders<YourlsField> = {
  source: 'yourls',
  product: 'YOURLS database export (the yourls_url table as CSV)',
  variants: [
    {
      name: 'table',
      columns: {
        keyword: ['keyword'],
        url: ['url'],
        title: ['title'],
        timestamp: ['timestamp'],
        ip: ['ip'],
        clicks: ['clicks'],
      },
      required: [['keyword'], ['url']],
    },
  ],
};

export const DUB_HEADERS: ExportHeaders<DubField> = {
  source: 'dub',
  product: 'Dub links export',
  variants: [
    {
      // Since October 2025 the columns carry their labels.
      name: 'labels',
      columns: {
        link: ['Short link'],
        url: ['Destination URL'],
        clicks: ['Clicks'],
        createdAt: ['Created at'],
        tags: ['Tags'],
        title: ['Title'],
      },
      required: [['url'], ['link']],
    },
    {
      // July 2024 to October 2025: the columns carry their ids.
      name: 'ids',
      columns: {
        link: ['link'],
        url: ['url'],
        clicks: ['clicks'],
        createdAt: ['createdAt'],
        tags: ['tags'],
        title: ['title'],
      },
      required: [['url'], ['link']],
    },
  ],
};

export const CSV_HEADERS: ExportHeaders<CsvField> = {
  source: 'csv',
  product: 'CSV of url,shortCode,name',
  strict: true,
  variants: [
    {
      name: 'csv',
      columns: { url: ['url'], shortCode: ['shortCode'], name: ['name', 'title'] },
      required: [['url']],
    },
  ],
};

/** In the order a header is recognised: the plain CSV last, since any file with a `url` column fits it. */
const ALL: readonly ExportHeaders[] = [SHLINK_HEADERS, YOURLS_HEADERS, DUB_HEADERS, BITLY_HEADERS, CSV_HEADERS];

/** The field each column of `header` carries under `variant` (null: a column the reader leaves alone). */
export function columnFields<F extends string>(variant: HeaderVariant<F>, header: readonly string[]): (F | null)[] {
  const byName = new Map<string, F>();
  for (const [field, names] of Object.entries(variant.columns) as [F, readonly string[]][]) {
    for (const name of names) byName.set(normaliseName(name), field);
  }
  return header.map((name) => byName.get(normaliseName(name)) ?? null);
}

/** Whether a header has one column of every required group of `variant`. */
export function fits(variant: HeaderVariant, header: readonly string[]): boolean {
  const present = new Set(columnFields(variant, header));
  return variant.required.every((group) => group.some((field) => present.has(field)));
}

/** The other export a header looks like, if any, so a refusal can say which source to choose. */
export function recognise(header: readonly string[], except: ImportSource): ExportHeaders | null {
  return ALL.find((headers) => headers.source !== except && headers.variants.some((variant) => fits(variant, header))) ?? null;
}
