import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

/**
 * Fastify's serializer builder, compiling each distinct response schema once for the whole server
 * (per set of shared schemas), as the routes repeat the same error envelopes and each GET's HEAD twin
 * repeats all of its own.
 */
export function sharedSerializers(build: SerializerFactory = SerializerSelector()): SerializerFactory {
  const compiled = new Map<string, Serializer>();
  return (externalSchemas, options) => {
    const compile = build(externalSchemas, options);
    const shared = JSON.stringify([externalSchemas, options]);
    return (route) => {
      const key = `${shared}\n${JSON.stringify(route.schema)}`;
      let serializer = compiled.get(key);
      if (!serializer) {
        serializer = compile(route);
        compiled.set(key, serializer);
      }
      return serializer;
    };
  };
}
