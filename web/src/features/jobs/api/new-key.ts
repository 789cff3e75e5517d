/**
 * A fresh Idempotency-Key: 128 random bits as hex. `getRandomValues` works on a plain-http address too,
 * where `crypto.randomUUID` does not exist.
 */
export const newKey = (): string =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
