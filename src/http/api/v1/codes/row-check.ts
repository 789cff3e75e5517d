import type { CreateCodeInput } from '../../../../catalog/index.js';
import { InvalidRequest } from '../../../../lib/errors.js';
import { explainValidation } from '../../../errors.js';
import { checkBodyText } from '../../../text-input.js';
import { bodyValidator, onFirstUse } from '../../../validation.js';
import { CreateCodeBody } from './schema.js';

const validate = onFirstUse(() => bodyValidator().compile(CreateCodeBody));

/**
 * One row of a bulk input checked as a create body is (types, lengths, known fields, no control
 * characters): the bulk job's rows meet exactly the rules of `POST /codes`. 400 names the field.
 */
export function checkCodeRow(value: unknown): CreateCodeInput {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InvalidRequest('The row must be an object with the fields of a create body.', 'row');
  if (!validate(value)) {
    const { path, message } = explainValidation(validate.errors ?? []);
    const field = path.join('.') || 'row';
    throw new InvalidRequest(`${field} ${message}.`, field);
  }
  try {
    checkBodyText(value, 'row');
  } catch (error) {
    if (!(error instanceof InvalidRequest) || !error.field) throw error;
    const field = error.field.replace(/^row\.?/, '') || 'row';
    throw new InvalidRequest(error.message.replace(/^row\./, ''), field);
  }
  return value as CreateCodeInput;
}
