import { describe, expect, it } from 'vitest';
import { sharedSerializers } from './serializers.js';

const envelope = { type: 'object', properties: { error: { type: 'string' } } };
const data = { type: 'object', properties: { data: { type: 'integer' } } };
const route = (schema: unknown, url = '/api/v1/x') => ({ method: 'GET', url, httpStatus: '200', schema });

describe('sharedSerializers', () => {
  it('compiles a schema on first use, once for every route that repeats it, and serializes as Fastify’s own would', () => {
    let compiles = 0;
    const build = sharedSerializers();
    const counted = sharedSerializers((externals, options) => {
      const compile = build(externals, options);
      return (definition) => {
        compiles += 1;
        return compile(definition);
      };
    });
    const first = counted({}, {});
    const second = counted({}, {});
    const a = first(route(envelope, '/api/v1/a'));
    const b = second(route({ ...envelope }, '/api/v1/b'));
    const d = first(route(data));
    expect(compiles).toBe(0);
    expect(a({ error: 'x', extra: 1 })).toBe('{"error":"x"}');
    expect(b({ error: 'y' })).toBe('{"error":"y"}');
    expect(compiles).toBe(1);
    expect(d({ data: 2 })).toBe('{"data":2}');
    expect(compiles).toBe(2);
  });

  it('compiles again where the shared schemas differ', () => {
    let compiles = 0;
    const counted = sharedSerializers(() => () => {
      compiles += 1;
      return () => '';
    });
    const ref = { $ref: 'Thing' };
    counted({ Thing: envelope }, {})(route(ref))({});
    counted({ Thing: data }, {})(route(ref))({});
    counted({ Thing: { ...envelope } }, {})(route(ref))({});
    expect(compiles).toBe(2);
  });
});
