import {
  Type,
  type SchemaOptions,
  type Static,
  type TLiteral,
  type TObject,
  type TSchema,
  type TUnsafe,
} from '@sinclair/typebox';

/**
 * Schema builders whose JSON Schema needs no `anyOf`. A response serializer turns every
 * `anyOf` into a validator that is compiled on the route's first answer and run on every answer;
 * `enum` and a list of types are checked inline. Both read as well in the OpenAPI 3.1 document.
 */

/** One of `values`: `{ type: 'string', enum }`. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: SchemaOptions = {}): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ ...options, type: 'string', enum: [...values] });

/** The schema's own keywords, without TypeBox's symbols (its kind), so the copy is a schema of its own. */
const keywords = (schema: TSchema): Record<string, unknown> => Object.fromEntries(Object.entries(schema));

/**
 * `schema` or null. A schema of one `type` gains `null` in its list of types (and in its `enum`). Any other
 * (a union, a constant) and a named one (with a `title`, which the OpenAPI document keeps as one
 * component) become `anyOf: [schema, null]`.
 */
export function Nullable<T extends TSchema>(schema: T, options: SchemaOptions = {}): TUnsafe<Static<T> | null> {
  const own = keywords(schema);
  if (typeof own.type !== 'string' || own.const !== undefined || own.title !== undefined || own.$id !== undefined) {
    return Type.Unsafe<Static<T> | null>(Type.Union([schema, Type.Null()], options));
  }
  const nullable: Record<string, unknown> = { ...own, ...options, type: [own.type, 'null'] };
  if (Array.isArray(own.enum)) nullable.enum = [...(own.enum as unknown[]), null];
  return Type.Unsafe<Static<T> | null>(nullable);
}

/**
 * One of `members`, objects told apart by a literal `tag` property: `oneOf` with an OpenAPI
 * `discriminator`, which Ajv follows (its `discriminator` option) so a value is checked against the
 * member its tag names alone, and an error names that member's field rather than the first member's.
 */
export function TaggedUnion<K extends string, T extends (TObject & { properties: Record<K, TLiteral<string>> })[]>(
  tag: K,
  members: [...T],
  options: SchemaOptions = {},
): TUnsafe<Static<T[number]>> {
  const tags = members.map((member) => member.properties[tag].const);
  return Type.Unsafe<Static<T[number]>>({
    ...options,
    type: 'object',
    required: [tag],
    properties: { [tag]: { type: 'string', enum: tags } },
    discriminator: { propertyName: tag },
    oneOf: members,
  });
}
