import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's serializer builder, compiling each distinct response schema once for the whole server
 * (per set of shared schemas), as the routes repeat the same error envelopes and each GET's HEAD twin
 * repeats all of its own. A schema is compiled when a reply first needs it, so a start compiles none.
 */
export function sharedSerializers(build: SerializerFactory = SerializerSelector()): SerializerFactory {
  const compiled = new Map<string, Serializer>();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const shared = JSON.stringify([externalSchemas, options]);
    return (route) => {
      let serializer: Serializer | undefined;
      const resolve = (): Serializer => {
        const key = `${shared}\n${JSON.stringify(route.schema)}`;
        let found = compiled.get(key);
        if (!found) {
          found = compile(route);
          compiled.set(key, found);
        }
        return found;
      };
      return (data) => (serializer ??= resolve())(data);
    };
  };
}
