import type { FastifyRequest } from 'fastify';
import { InvalidRequest, TooLarge } from '../../lib/errors.js';
import type { UploadInput } from '../../modules/media/media.types.js';

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
        input.bytes = await part.toBuffer();
        if (part.filename) input.filename = part.filename;
      } else {
        if (!FIELDS.has(part.fieldname) || typeof part.value !== 'string')
          throw new InvalidRequest(`Unexpected field "${part.fieldname}": send file, name and folderId only.`, part.fieldname);
        if (part.fieldname === 'name') input.name = part.value;
        else input.folderId = part.value === '' ? null : part.value;
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxFileBytes);
    throw error;
  }
  if (!input.bytes || input.bytes.length === 0) throw new InvalidRequest('A file is required in the field "file".', 'file');
  return input as UploadInput;
}
