import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Reader, type Response } from 'maxmind';
import { Lru } from '../../lib/lru.js';
import type { Location } from './events.types.js';

/** Locates a visitor from a trusted CDN's headers or an embedded IP database. */
export interface GeoLocator {
  locate(clientAddress: string | null, headers: Record<string, string | undefined>): Location;
}

export interface GeoOptions {
  /** MaxMind-format files; each answers for the address family it holds. */
  files: string[];
  /** Trusted CDN headers (lower case), consulted first. */
  headers: { country: string | null; region: string | null; city: string | null };
}

type MmdbRecord = {
  // ip-location-db layout
  country_code?: string;
  state1?: string;
  city?: string;
  // MaxMind GeoIP2/GeoLite2 layout
  country?: { iso_code?: string };
  subdivisions?: { names?: { en?: string } }[];
} & Record<string, unknown>;

const NOWHERE: Location = { country: null, region: null, city: null };
const readers = new Map<string, Reader<Response>>();

/** A reader per file and process: the files are read once (tens of MB) and shared. */
function readerFor(file: string): Reader<Response> {
  let reader = readers.get(file);
  if (!reader) {
    reader = new Reader<Response>(readFileSync(file));
    readers.set(file, reader);
  }
  return reader;
}

const country = (value: unknown): string | null =>
  typeof value === 'string' && /^[A-Z]{2}$/i.test(value) && !/^(XX|T1|ZZ)$/i.test(value) ? value.toUpperCase() : null;
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 100) : null;

function fromRecord(record: MmdbRecord | null): Location {
  if (!record) return NOWHERE;
  const city = record.city as unknown;
  return {
    country: country(record.country_code ?? record.country?.iso_code),
    region: text(record.state1 ?? record.subdivisions?.[0]?.names?.en),
    city: text(typeof city === 'string' ? city : (city as { names?: { en?: string } } | undefined)?.names?.en),
  };
}

/** Networks whose location is remembered (a few MB at most). */
const CACHE_SIZE = 10_000;

/**
 * The network an address belongs to for the cache: an IPv4 /24 or an IPv6 /48, the finest split
 * IP databases commonly make, so the cache holds no visitor's own address.
 */
function networkOf(address: string, family: number): string {
  if (family === 4) return address.slice(0, address.lastIndexOf('.'));
  return ipaddr.IPv6.parse(address).toNormalizedString().split(':').slice(0, 3).join(':');
}

export class MmdbGeoLocator implements GeoLocator {
  private v4: Reader<Response>[] | null = null;
  private v6: Reader<Response>[] | null = null;
  private readonly cache = new Lru<Location>(CACHE_SIZE);

  constructor(private readonly options: GeoOptions) {}

  /**
   * Reads the database files (tens of MB, held for the life of the process) at the first address the
   * CDN's headers do not locate, not at start: a server whose CDN locates every visitor never holds them.
   */
  private load(): void {
    if (this.v4) return;
    const all = this.options.files.map(readerFor);
    // An IPv6 database also holds IPv4 addresses, so IPv4 tries the IPv4 files first, then the others.
    this.v6 = all.filter((r) => r.metadata.ipVersion === 6);
    this.v4 = [...all.filter((r) => r.metadata.ipVersion === 4), ...this.v6];
  }

  locate(clientAddress: string | null, headers: Record<string, string | undefined>): Location {
    const { headers: names } = this.options;
    if (names.country) {
      const fromHeader = country(headers[names.country]);
      if (fromHeader) {
        return {
          country: fromHeader,
          region: names.region ? text(headers[names.region]) : null,
          city: names.city ? text(headers[names.city]) : null,
        };
      }
    }
    if (!clientAddress || this.options.files.length === 0) return NOWHERE;
    const address = clientAddress.startsWith('::ffff:') ? clientAddress.slice(7) : clientAddress;
    const family = isIP(address);
    if (family === 0) return NOWHERE;
    const network = networkOf(address, family);
    const known = this.cache.get(network, 0);
    if (known) return known;
    const found = this.lookUp(address, family);
    this.cache.set(network, found);
    return found;
  }

  private lookUp(address: string, family: number): Location {
    this.load();
    const candidates = family === 4 ? this.v4! : this.v6!;
    for (const reader of candidates) {
      try {
        const found = fromRecord(reader.get(address) as MmdbRecord | null);
        if (found.country) return found;
      } catch {
        // An address the file cannot hold (for example IPv6 in an IPv4-only file).
      }
    }
    return NOWHERE;
  }
}
