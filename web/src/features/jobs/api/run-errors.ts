import { ApiError } from '../../../lib/api-client';

/** The print run's fields a refusal can name: `size`, `sheet.columns`, ... */
export const RUN_FIELDS = [
  'format',
  'size',
  'codeIds',
  'folderId',
  'jobId',
  'sheet.paper',
  'sheet.columns',
  'sheet.rows',
  'sheet.marginMm',
  'sheet.gapMm',
  'sheet.caption',
] as const;
export type RunField = (typeof RUN_FIELDS)[number];

/**
 * A refused print run split as the form shows it: beside the field its message names ("body.sheet.columns
 * must be <= 20", "sheet.rows: the symbols would be 8 mm"), or above the form.
 */
export function runErrors(error: unknown): { field: Partial<Record<RunField, string>>; form: string | null } {
  if (!error) return { field: {}, form: null };
  if (!(error instanceof ApiError)) return { field: {}, form: error instanceof Error ? error.message : 'Something went wrong.' };
  const known = (name: string | undefined) => RUN_FIELDS.find((f) => f === name);
  // A sheet's field anywhere in the message, else the field the message starts with.
  const sheet = /\bsheet\.[A-Za-z]+/.exec(error.message)?.[0];
  const field = known(sheet) ?? known(/^(?:body\.)?([A-Za-z]+)/.exec(error.message)?.[1]);
  return field ? { field: { [field]: error.message.replace(/^body\./, '') }, form: null } : { field: {}, form: error.message };
}
