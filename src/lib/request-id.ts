import { randomBytes } from 'node:crypto';

const prefix = randomBytes(5).toString('hex');
let counter = 0;

/** A request id unique across instances (random per process) and cheap enough for every redirect. */
export const newRequestId = (): string => `${prefix}-${(counter++).toString(36)}`;
