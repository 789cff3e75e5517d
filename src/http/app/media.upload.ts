import type { FastifyRequest } from 'fastify';
import { InvalidRequest, TooLarge } from '../../lib/errors.js';
import type { UploadInput } from '../../catalog/index.js';
import { checkedText } from '../text-input.js';

const FIELDS = new Set(['name', 'folderId']);
/** Longest value of a text field (`name`, `folderId`), in bytes. */
const FIELD_BYTES = 1000;

const tooLarge = (maxFileBytes: number) =>
  new TooLarge(
    `The file is larger than ${Math.round((maxFileBytes / 1_048_576) * 10) / 10} MB, the largest a file may be.`,
    'file',
  );

/**
 * An upload form (`multipart/form-data`): exactly one file in the field `file`, and optionally the
 * text fields `name` and `folderId`. Streams stop at the file limit; anything else is a 400.
 */
export async function readUpload(request: FastifyRequest, maxFileBytes: number): Promise<UploadInput> {
  if (!request.isMultipart()) throw new InvalidRequest('Send the file as multipart/form-data in the field "file".', 'file');
  const input: Partial<UploadInput> = {};
  try {
    const parts = request.parts({ limits: { fileSize: maxFileBytes, files: 1, fields: 2, fieldSize: FIELD_BYTES, parts: 3 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file')
          throw new InvalidRequest(`Unexpected file field "${part.fieldname}": send the file as "file".`, 'file');
        if (part.filename) input.filename = checkedText(part.filename, 'file name');
        input.bytes = await part.toBuffer();
      } else {
        if (!FIELDS.has(part.fieldname) || typeof part.value !== 'string')
          throw new InvalidRequest(`Unexpected field "${part.fieldname}": send file, name and folderId only.`, part.fieldname);
        const value = checkedText(part.value, part.fieldname);
        if (part.fieldname === 'name') input.name = value;
        else input.folderId = value === '' ? null : value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxFileBytes);
    // More parts than an upload has is a malformed form, not a large one.
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new InvalidRequest('Send one file in the field "file", and optionally name and folderId.', 'file');
    throw error;
  }
  if (!input.bytes || input.bytes.length === 0) throw new InvalidRequest('A file is required in the field "file".', 'file');
  return input as UploadInput;
}
