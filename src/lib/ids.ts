import { v7 } from 'uuid';

/** A new identifier: UUIDv7, so ids sort by creation time and index well on both stores. */
export const newId = (): string => v7();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string): boolean => UUID.test(value);
