import { parseArgs } from 'node:util';
import { InvalidRequest } from '../lib/errors.js';

export type Options = Record<string, string | boolean | undefined>;

/** Parses `--flag value` options for one command; unknown options are refused. */
export function parse(argv: string[], options: Record<string, 'string' | 'boolean'>): { values: Options; positionals: string[] } {
  const spec = Object.fromEntries(Object.entries({ ...options, json: 'boolean' as const }).map(([k, type]) => [k, { type }]));
  try {
    const { values, positionals } = parseArgs({ args: argv, options: spec, allowPositionals: true, strict: true });
    return { values: values as Options, positionals };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export class UsageError extends Error {}

export function required(values: Options, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

export function optional(values: Options, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function optionalInteger(values: Options, name: string): number | undefined {
  const value = optional(values, name);
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value)) throw new InvalidRequest(`--${name} must be a whole number`, name);
  return Number(value);
}

export function optionalTime(values: Options, name: string): number | undefined {
  const value = optional(values, name);
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(ms)) throw new InvalidRequest(`--${name} must be an ISO 8601 time`, name);
  return ms;
}

export function single(positionals: string[], what: string): string {
  if (positionals.length !== 1 || !positionals[0]) throw new UsageError(`expected exactly one ${what}`);
  return positionals[0];
}

export function optionalNumber(values: Options, name: string): number | undefined {
  const value = optional(values, name);
  if (value === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(value)) throw new InvalidRequest(`--${name} must be a number`, name);
  return Number(value);
}

/** A comma-separated list (`--codes a,b,c`), its blanks left out. */
export function optionalList(values: Options, name: string): string[] | undefined {
  const value = optional(values, name);
  return value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
}
