/** The services links can be moved in from, as the import reads them (docs/imports.md). */
export type ImportSource = 'bitly' | 'shlink' | 'yourls' | 'kutt' | 'dub' | 'csv';
export type ImportAs = 'links' | 'codes';

export interface SourceInfo {
  key: ImportSource;
  label: string;
  /** Where its export (or its API key) comes from, in one line. */
  hint: string;
  /** It has an export file the page can send. */
  file: boolean;
  /** Its API can be read with an address and a key. */
  api: null | { url: string; urlHint: string; key: string; keyHint: string };
}

export const SOURCES: readonly SourceInfo[] = [
  {
    key: 'bitly',
    label: 'Bitly',
    hint: 'Bitly web app: Links → Export (a paid plan; Bitly e-mails the CSV of all links).',
    file: true,
    api: null,
  },
  {
    key: 'shlink',
    label: 'Shlink',
    hint: 'Shlink web client: Short URLs → Export (short_urls.csv), or its REST API with an API key.',
    file: true,
    api: {
      url: 'Shlink address',
      urlHint: 'The base address of your Shlink server, such as https://s.example.com.',
      key: 'API key',
      keyHint: 'Made with “shlink api-key:generate”; sent as X-Api-Key and kept only until the import ends.',
    },
  },
  {
    key: 'yourls',
    label: 'YOURLS',
    hint: 'The yourls_url table saved as CSV (phpMyAdmin: Export → CSV), or its API with the list plugin.',
    file: true,
    api: {
      url: 'YOURLS address',
      urlHint: 'The site’s address, or that of its yourls-api.php (needs the API Action List Extended plugin).',
      key: 'Signature token',
      keyHint: 'YOURLS admin → Tools; kept only until the import ends.',
    },
  },
  {
    key: 'kutt',
    label: 'Kutt',
    hint: 'Kutt has no export: its links are read over its API with your key (Settings → API key).',
    file: false,
    api: {
      url: 'Kutt address',
      urlHint: 'The base address of your Kutt site, such as https://kutt.example.com.',
      key: 'API key',
      keyHint: 'Kutt: Settings → API key; kept only until the import ends.',
    },
  },
  {
    key: 'dub',
    label: 'Dub',
    hint: 'Dub dashboard: Links → Export (over 1,000 links, Dub e-mails the CSV).',
    file: true,
    api: null,
  },
  {
    key: 'csv',
    label: 'Plain CSV',
    hint: 'A file of your own with the header url,shortCode,name: one link per row.',
    file: true,
    api: null,
  },
];

export const sourceInfo = (key: ImportSource): SourceInfo => SOURCES.find((s) => s.key === key)!;

/**
 * Where a failed job's reason belongs on the form: beside the key when the service refused it, beside
 * the address when the service could not be reached or did not look like the product, beside the file
 * when the file was refused, else above the form.
 */
export function reasonPlace(reason: string, via: 'file' | 'api', fileField: boolean): 'apiKey' | 'url' | 'file' | 'form' {
  if (via === 'api') {
    if (/\brefused the\b/i.test(reason) || /\b(api key|signature)\b/i.test(reason)) return 'apiKey';
    if (/did not answer|answered \d{3}|not found|address/i.test(reason)) return 'url';
    return 'form';
  }
  return fileField ? 'file' : 'form';
}
