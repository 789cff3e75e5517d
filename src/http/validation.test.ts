import { Ajv } from 'ajv';
import { expect, it } from 'vitest';
import { onFirstUse } from './validation.js';

it('compiles a validator on its first call, once, and passes its errors on', () => {
  const ajv = new Ajv();
  let compiles = 0;
  const validate = onFirstUse(() => {
    compiles += 1;
    return ajv.compile({ type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] });
  });
  expect(compiles).toBe(0);
  expect(validate({ n: 'x' })).toBe(false);
  expect(validate.errors?.[0]).toMatchObject({ instancePath: '/n', keyword: 'type' });
  expect(validate({ n: 1 })).toBe(true);
  expect(validate.errors).toBeNull();
  expect(compiles).toBe(1);
});
