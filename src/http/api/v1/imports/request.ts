import { Readable } from 'node:stream';
import type { ImportRequest } from '../../../../catalog/index.js';
import { InvalidRequest, TooLarge } from '../../../../lib/errors.js';
import type { Received } from '../../../../platform/index.js';
import { describeValidation } from '../../../errors.js';
import { checkBodyText, decodeUtf8 } from '../../../text-input.js';
import { bodyValidator, onFirstUse } from '../../../validation.js';
import { readForm } from './form.js';
import { ImportApiBody } from './schema.js';

const JSON_MAX = 65_536;
const validateApi = onFirstUse(() => bodyValidator().compile(ImportApiBody));

/** A JSON body of at most JSON_MAX bytes, checked against `ImportApiBody`. */
async function apiBody(stream: Readable): Promise<ImportRequest> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > JSON_MAX) throw new TooLarge(`The JSON body is larger than ${JSON_MAX} bytes.`);
    chunks.push(chunk);
  }
  let body: unknown;
  try {
    body = JSON.parse(decodeUtf8(Buffer.concat(chunks)));
  } catch (error) {
    if (error instanceof InvalidRequest) throw error;
    throw new InvalidRequest('The body is not valid JSON.');
  }
  if (!validateApi(body)) throw new InvalidRequest(describeValidation('body', validateApi.errors ?? []));
  checkBodyText(body);
  const { source, url, apiKey, as, dryRun } = body as {
    source: string;
    url: string;
    apiKey: string;
    as?: string;
    dryRun?: boolean;
  };
  return { source, as, dryRun, api: { url, apiKey } };
}

/**
 * What an import request asks, from its REST body (a multipart form with the export file, or JSON
 * naming the old service's API) or its MCP arguments (the file's text, or the API).
 */
export async function importRequestOf(
  input: {
    upload?: { stream: Readable; type: string; header: string };
    source?: string;
    text?: string;
    url?: string;
    apiKey?: string;
    as?: string;
    dryRun?: boolean;
  },
  receive: (file: Readable) => Promise<Received>,
): Promise<ImportRequest> {
  const { upload } = input;
  if (upload?.type === 'multipart/form-data') {
    const { fields, file } = await readForm(upload.stream, upload.header, receive);
    if (fields.dryRun !== undefined && fields.dryRun !== 'true' && fields.dryRun !== 'false')
      throw new InvalidRequest('dryRun must be true or false.', 'dryRun');
    return { source: fields.source ?? '', as: fields.as, dryRun: fields.dryRun === 'true', file: file ?? undefined };
  }
  if (upload) return apiBody(upload.stream);
  const { source = '', text, url, apiKey, as, dryRun } = input;
  if (text !== undefined && url === undefined && apiKey === undefined) return { source, as, dryRun, file: Readable.from([text]) };
  if (text === undefined && url !== undefined && apiKey !== undefined) return { source, as, dryRun, api: { url, apiKey } };
  throw new InvalidRequest('Send either text (the export file) or url and apiKey (the API).', 'text');
}
