import { Type } from '@sinclair/typebox';
import { API_SOURCES, IMPORT_SOURCES } from '../../../../catalog/index.js';
import { StringEnum } from '../../../schemas.js';

const Source = StringEnum(IMPORT_SOURCES, {
  description: 'The service the links come from; `csv` is a plain `url,shortCode,name` file.',
});
const As = StringEnum(['links', 'codes'], {
  default: 'links',
  description: 'Make short links (the default) or dynamic QR codes.',
});
const DryRun = Type.Boolean({
  default: false,
  description: 'Check and report what would be imported, and every conflict; write nothing.',
});
const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: "The old service's address (Shlink: its base URL; YOURLS: its yourls-api.php; Kutt: its base URL).",
});
const ApiKey = Type.String({
  minLength: 1,
  maxLength: 512,
  description: 'The API key (YOURLS: the signature token). It is kept only until the job ends.',
});

/** An import over the old service's API. */
export const ImportApiBody = Type.Object(
  { source: StringEnum(API_SOURCES), url: Url, apiKey: ApiKey, as: Type.Optional(As), dryRun: Type.Optional(DryRun) },
  { additionalProperties: false, title: 'ImportFromApi' },
);

/** An import of an export file, as a multipart form (how the OpenAPI document shows it). */
export const ImportFormBody = Type.Object(
  {
    source: Source,
    file: Type.String({ format: 'binary', maxLength: 256 * 1_048_576, description: 'The file the service exported.' }),
    as: Type.Optional(As),
    dryRun: Type.Optional(StringEnum(['true', 'false'], { default: 'false', description: DryRun.description })),
  },
  { additionalProperties: false, title: 'ImportFromFile' },
);

/** The MCP tool's arguments: the file's text, or the API's address and key. */
export const ImportToolBody = Type.Object(
  {
    source: Source,
    text: Type.Optional(Type.String({ maxLength: 64 * 1_048_576, description: "The export file's text (CSV)." })),
    url: Type.Optional(Url),
    apiKey: Type.Optional(ApiKey),
    as: Type.Optional(As),
    dryRun: Type.Optional(DryRun),
  },
  { additionalProperties: false },
);
