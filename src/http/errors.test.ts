import { describe, expect, it } from 'vitest';
import { describeValidation } from './errors.js';

describe('describeValidation', () => {
  it('names every literal of a union a value is outside of', () => {
    const errors = ['svg', 'png', 'pdf'].map((allowedValue) => ({
      instancePath: '/format',
      keyword: 'const',
      message: 'must be equal to constant',
      params: { allowedValue },
    }));
    expect(describeValidation('querystring', [...errors, { instancePath: '/format', keyword: 'anyOf' }])).toBe(
      'querystring.format must be one of svg, png, pdf',
    );
    expect(describeValidation('body', [{ instancePath: '/on', keyword: 'const', params: { allowedValue: true } }])).toBe(
      'body.on must be true',
    );
  });

  it('names a missing or unknown field and an enum’s values', () => {
    expect(describeValidation('body', [{ instancePath: '', keyword: 'required', params: { missingProperty: 'name' } }])).toBe(
      'body.name is required',
    );
    expect(
      describeValidation('body', [
        { instancePath: '/design', keyword: 'additionalProperties', params: { additionalProperty: 'x' } },
      ]),
    ).toBe('body.design.x is not a known field');
    expect(describeValidation(undefined, [{ instancePath: '/a', keyword: 'enum', params: { allowedValues: [1, 2] } }])).toBe(
      'request.a must be one of 1, 2',
    );
  });
});
