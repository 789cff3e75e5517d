import { Ajv, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

const base: Options = { allErrors: false, useDefaults: true, removeAdditional: false, strict: false };

/**
 * Bodies are validated as sent (no type coercion, unknown fields refused by their schemas);
 * query strings and path parameters are text, so they are coerced to the schema's types.
 */
export function installValidators(app: FastifyInstance): void {
  const body = addFormats(new Ajv({ ...base, coerceTypes: false }));
  const text = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? body : text).compile(schema));
}
