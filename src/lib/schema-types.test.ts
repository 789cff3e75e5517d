import { Type } from '@sinclair/typebox';
import fastJsonStringify from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { bodyValidator } from '../http/validation.js';
import { Nullable, StringEnum } from './schema-types.js';

const ajv = bodyValidator();
const accepts = (schema: object, value: unknown) => ajv.validate(schema, value);
/** The serializer's generated code, and whether it asks a validator which branch a value takes. */
const serializerOf = (schema: object) => {
  const debug = fastJsonStringify(schema, { mode: 'debug' }) as unknown as { code: string };
  return { stringify: fastJsonStringify(schema), validates: debug.code.includes('getSchemaValidator') };
};

describe('StringEnum', () => {
  it('accepts its values alone and serializes without a validator', () => {
    const Colour = StringEnum(['red', 'green']);
    expect(Colour).toMatchObject({ type: 'string', enum: ['red', 'green'] });
    expect(accepts(Colour, 'red')).toBe(true);
    expect(accepts(Colour, 'blue')).toBe(false);
    expect(ajv.errors?.[0]?.keyword).toBe('enum');
    const { stringify, validates } = serializerOf(Type.Object({ colour: Colour }));
    expect(validates).toBe(false);
    expect(stringify({ colour: 'green' })).toBe('{"colour":"green"}');
  });
});

describe('Nullable', () => {
  it('lists null among the types of a string, keeping its format', () => {
    const When = Nullable(Type.String({ format: 'date-time' }), { description: 'When.' });
    expect(When).toMatchObject({ type: ['string', 'null'], format: 'date-time', description: 'When.' });
    expect(accepts(When, null)).toBe(true);
    expect(accepts(When, '2026-11-28T08:00:00.000Z')).toBe(true);
    expect(accepts(When, 'yesterday')).toBe(false);
    expect(accepts(When, 3)).toBe(false);
  });

  it('adds null to the values of an enum, which would otherwise refuse it', () => {
    const Device = Nullable(StringEnum(['mobile', 'desktop']));
    expect(accepts(Device, null)).toBe(true);
    expect(accepts(Device, 'mobile')).toBe(true);
    expect(accepts(Device, 'toaster')).toBe(false);
  });

  it('makes an object nullable with its properties checked', () => {
    const Logo = Nullable(Type.Object({ size: Type.Number({ maximum: 1 }) }, { additionalProperties: false }));
    expect(accepts(Logo, null)).toBe(true);
    expect(accepts(Logo, { size: 0.5 })).toBe(true);
    expect(accepts(Logo, { size: 2 })).toBe(false);
    expect(accepts(Logo, { size: 0.5, extra: 1 })).toBe(false);
    expect(accepts(Logo, 'logo')).toBe(false);
  });

  it('serializes null and a value without a validator', () => {
    const schema = Type.Object({
      name: Nullable(Type.String()),
      count: Nullable(Type.Integer()),
      logo: Nullable(Type.Object({ size: Type.Number() })),
    });
    const { stringify, validates } = serializerOf(schema);
    expect(validates).toBe(false);
    expect(stringify({ name: null, count: null, logo: null })).toBe('{"name":null,"count":null,"logo":null}');
    expect(stringify({ name: 'a', count: 2, logo: { size: 0.5 } })).toBe('{"name":"a","count":2,"logo":{"size":0.5}}');
  });

  it('keeps a named schema or a union whole, beside null', () => {
    const Named = Type.Object({ id: Type.String() }, { title: 'Named' });
    expect(Nullable(Named).anyOf).toHaveLength(2);
    expect(Nullable(Type.Union([Type.String(), Type.Number()])).anyOf).toHaveLength(2);
    expect(Nullable(Type.Literal('x')).anyOf).toHaveLength(2);
    expect(accepts(Nullable(Named), null)).toBe(true);
    expect(accepts(Nullable(Named), { id: 'a' })).toBe(true);
  });
});
