import { Ajv, type Options, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

// `discriminator` checks a tagged union (`TaggedUnion`) against the member its tag names alone. The
// schemas are the product's own, checked by its tests, so they are not validated against the
// JSON Schema meta-schema on every start.
const base: Options = {
  allErrors: false,
  useDefaults: true,
  removeAdditional: false,
  strict: false,
  discriminator: true,
  validateSchema: false,
};

/** The validator of request bodies: as sent, no coercion. MCP tool arguments use it too. */
export const bodyValidator = (): Ajv => addFormats(new Ajv({ ...base, coerceTypes: false }));

/**
 * Bodies are validated as sent (no type coercion, unknown fields refused by their schemas);
 * query strings and path parameters are text, so they are coerced to the schema's types.
 */
export function installValidators(app: FastifyInstance): void {
  const body = bodyValidator();
  const text = addFormats(new Ajv({ ...base, coerceTypes: 'array' }));
  app.setValidatorCompiler(({ schema, httpPart }) => onFirstUse(() => (httpPart === 'body' ? body : text).compile(schema)));
}

/** A validator compiled when a request first needs it, so a start compiles nothing for routes not called. */
export function onFirstUse(compile: () => ValidateFunction) {
  let compiled: ValidateFunction | undefined;
  const validate = (data: unknown) => {
    compiled ??= compile();
    const valid = compiled(data);
    validate.errors = compiled.errors;
    return valid;
  };
  validate.errors = null as ValidateFunction['errors'];
  return validate;
}
