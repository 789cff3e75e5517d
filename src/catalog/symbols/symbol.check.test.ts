import { describe, expect, it } from 'vitest';
import { warmUpCheck } from './symbol.check.js';

describe('the scannability check at start-up', () => {
  it('decodes the plain symbol it checks while the server starts', async () => {
    expect(await warmUpCheck()).toBe(true);
  });
});
