type Json = Record<string, unknown>;

const SCHEMA_KEYS = ['type', 'properties', 'anyOf', 'oneOf', 'allOf', 'items', 'enum', 'const'];
const isSchema = (node: Json): boolean => SCHEMA_KEYS.some((key) => key in node);
const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

/**
 * Shapes the generated document for client generators:
 * - every schema with a `title` becomes `components/schemas/<title>` and is referenced by `$ref`, so
 *   generated clients get one named type per resource instead of anonymous copies;
 * - each request body is `components/requestBodies/<OperationId>Request` (a request body, not a
 *   schema, so generators keep the fields that have a default optional);
 * - a `discriminator` over named members gets the `mapping` of each tag value to its member;
 * - a query or path parameter that has a default is optional, whatever its TypeBox type says (the
 *   server fills the default in).
 * Two different schemas under one title are a programming error and throw; a use site that only adds a
 * description keeps it beside the `$ref`.
 */
export function namedComponents<T extends object>(document: T): T {
  const doc = JSON.parse(JSON.stringify(document)) as Json;
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Record<string, unknown>;
  const requestBodies = (components.requestBodies ??= {}) as Record<string, unknown>;

  /** The schema's shape, without the description a use site may add. */
  const shape = ({ description: _description, ...rest }: Json): string => JSON.stringify(rest);
  const register = (name: string, schema: Json): Json => {
    const ref = { $ref: `#/components/schemas/${name}` };
    const existing = schemas[name] as Json | undefined;
    if (existing === undefined) schemas[name] = schema;
    else if (shape(existing) !== shape(schema)) throw new Error(`OpenAPI: two different schemas are titled "${name}"`);
    return schema.description === undefined || schema.description === (schemas[name] as Json).description
      ? ref
      : { ...ref, description: schema.description };
  };

  /** Each tag value of a `discriminator` over named members, mapped to its member (Ajv refuses `mapping`). */
  const mapTags = (object: Json): void => {
    const discriminator = object.discriminator as { propertyName?: string } | undefined;
    if (typeof discriminator?.propertyName !== 'string' || !Array.isArray(object.oneOf)) return;
    const mapping: Record<string, string> = {};
    for (const member of object.oneOf as Json[]) {
      if (typeof member.$ref !== 'string') continue;
      const named = schemas[member.$ref.slice('#/components/schemas/'.length)] as Json | undefined;
      const tag: Json | undefined = (named?.properties as Record<string, Json> | undefined)?.[discriminator.propertyName];
      const value = tag?.const ?? (Array.isArray(tag?.enum) && tag.enum.length === 1 ? tag.enum[0] : undefined);
      if (typeof value === 'string') mapping[value] = member.$ref;
    }
    object.discriminator = { ...discriminator, mapping };
  };

  const walk = (node: unknown, root = false): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node === null || typeof node !== 'object') return node;
    const object = node as Json;
    for (const [key, value] of Object.entries(object)) object[key] = walk(value);
    mapTags(object);
    if (!root && typeof object.title === 'string' && isSchema(object)) return register(object.title, object);
    return object;
  };

  for (const [name, schema] of Object.entries(schemas)) schemas[name] = walk(schema, true);
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      walk(operation);
      for (const parameter of (operation.parameters ?? []) as Json[]) {
        if (parameter.required === true && parameter.in !== 'path' && (parameter.schema as Json)?.default !== undefined)
          parameter.required = false;
      }
      const body = operation.requestBody as Json | undefined;
      if (body?.content && typeof operation.operationId === 'string') {
        const name = `${pascal(operation.operationId)}Request`;
        requestBodies[name] = body;
        operation.requestBody = { $ref: `#/components/requestBodies/${name}` };
      }
    }
  }
  return doc as T;
}
