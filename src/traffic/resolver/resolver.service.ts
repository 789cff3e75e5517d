import { createHmac } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { withoutControls } from '../../lib/text.js';
import type { AccountLookup } from '../../identity/index.js';
import {
  answerWhenDurable,
  isCounted,
  isCredentials,
  isPreviewFetcher,
  recordSafely,
  type CounterStore,
  type Hit,
  type HitRecorder,
  type InvalidationBus,
} from '../../platform/index.js';
import {
  checkGatePass,
  GATE_PASS_MS,
  isEndingShape,
  issueGatePass,
  route,
  verifyGatePassword,
  withUtm,
  type ScanContext,
} from '../../catalog/index.js';
import { Lru } from '../../lib/lru.js';
import type { ResolverRepository } from './store/resolver.repository.js';
import type { Outcome, Target, Visit } from './resolver.types.js';

export interface ResolverOptions {
  publicUrl: string;
  /** Cached targets per instance. */
  cacheSize?: number;
  /** How long "no such ending" is remembered (it is also forgotten when the ending is created). */
  negativeTtlMs?: number;
  random?: () => number;
  onRecordError?: (error: unknown) => void;
}

const HOST_TTL_MS = 60_000;
/**
 * A cached target is re-read after this long even without an invalidation, which bounds how stale
 * a change made out of band (the admin CLI without Redis, a missed message) can be.
 */
const TARGET_TTL_MS = 60_000;
const GATE_ATTEMPTS_PER_MINUTE = 10;
/**
 * Wrong passwords a gated code takes per minute from all clients together, so a botnet gets no
 * more guesses than this however many addresses it has; right passwords never count.
 */
export const GATE_FAILURES_PER_CODE_PER_MINUTE = 20;
const PLACEMENT_MAX = 64;
const COUNTRY_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'];

/**
 * The cache key of an ending in a namespace. The service's own namespace ('') keys by the ending
 * alone, with no string built per lookup; an ending never holds the newline a custom domain's key has.
 */
/** An outcome that needs a counted visit taken from the target's limit in the store first. */
const LIMITED = Symbol('limited');

const targetKey = (domain: string, shortCode: string): string => (domain === '' ? shortCode : `${domain}\n${shortCode}`);

/** A Host header's name, without its port or a final dot. */
const hostName = (host: string): string => host.replace(/:\d+$/, '').replace(/\.$/, '');

const header = (headers: Visit['headers'], name: string): string | null => {
  const value = headers[name];
  return typeof value === 'string' ? value : (value?.[0] ?? null);
};

export interface ResolverDeps {
  repo: ResolverRepository;
  accounts: AccountLookup;
  counters: CounterStore;
  bus: InvalidationBus;
  recorder: HitRecorder;
  clock: Clock;
  options: ResolverOptions;
}

/**
 * The public resolver's rules: which target a (host, ending) names, what state it is in,
 * the routing rules, the password gate, and handing each counted visit to the recorder.
 * Resolved targets are cached per instance and dropped through the invalidation bus.
 */
export class ResolverService {
  private readonly targets: Lru<Target | null>;
  private readonly hosts = new Lru<string>(10_000);
  private readonly publicHosts: Set<string>;
  /** The public address's scheme (`https:`), which a preview page's own address keeps. */
  private readonly scheme: string;
  private readonly negativeTtlMs: number;
  private readonly random: () => number;
  private generation = 0;

  private readonly repo: ResolverRepository;
  private readonly accounts: AccountLookup;
  private readonly counters: CounterStore;
  private readonly recorder: HitRecorder;
  private readonly clock: Clock;
  private readonly options: ResolverOptions;

  constructor({ repo, accounts, counters, bus, recorder, clock, options }: ResolverDeps) {
    this.repo = repo;
    this.accounts = accounts;
    this.counters = counters;
    this.recorder = recorder;
    this.clock = clock;
    this.options = options;
    const url = new URL(options.publicUrl);
    this.publicHosts = new Set([url.host.toLowerCase(), url.hostname.toLowerCase()]);
    this.scheme = url.protocol;
    this.targets = new Lru(options.cacheSize ?? 50_000);
    this.negativeTtlMs = options.negativeTtlMs ?? 5_000;
    this.random = options.random ?? Math.random;
    bus.subscribe((ref) => {
      if (isCredentials(ref)) return;
      this.generation += 1;
      if (ref) this.targets.delete(targetKey(ref.domain, ref.shortCode));
      else this.targets.clear();
    });
  }

  /** GET or HEAD of an ending. */
  async visit(visit: Visit): Promise<Outcome> {
    const target = await this.target(visit.host, visit.shortCode);
    const now = this.clock.now();
    const outcome = this.outcome(visit, target, now);
    if (outcome !== LIMITED) return outcome;
    return (await this.admit(target!, visit)) ? this.redirect(target!, visit, now) : this.expired(target!);
  }

  /**
   * The same outcome as `visit`, at once, when the host's namespace and the target are cached (the
   * redirect hot path: no promise per request); undefined when the store has to be read.
   */
  visitCached(visit: Visit): Outcome | undefined {
    // The clock is read once per visit: on a busy host a read costs as much as a cache lookup.
    const now = this.clock.now();
    const target = this.cachedTarget(visit.host, visit.shortCode, now);
    if (target === undefined) return undefined;
    const outcome = this.outcome(visit, target, now);
    return outcome === LIMITED ? undefined : outcome;
  }

  private outcome(visit: Visit, target: Target | null, now: number): Outcome | typeof LIMITED {
    if (!target) return { kind: 'not_found' };
    if (target.status !== 'active') return { kind: target.status };
    if (target.expiry.expiresAt !== null && now >= target.expiry.expiresAt) return this.expired(target);
    if (target.preview && isPreviewFetcher(visit.userAgent)) return this.previewOf(target, visit);
    if (target.gateHash && !checkGatePass(target.gateHash, target.id, visit.gatePass, now))
      return { kind: 'gate', failed: false };
    if (target.expiry.maxScans !== null) return LIMITED;
    return this.redirect(target, visit, now);
  }

  private redirect(target: Target, visit: Visit, now: number): Outcome {
    return { kind: 'redirect', location: this.forward(target, visit, now) };
  }

  private expired(target: Target): Outcome {
    return { kind: 'expired', location: target.expiry.expiredUrl };
  }

  private previewOf(target: Target, visit: Visit): Outcome {
    return { kind: 'preview', preview: target.preview!, url: `${this.scheme}//${hostName(visit.host)}/${visit.shortCode}` };
  }

  /**
   * Whether a target with a limit of counted visits may forward this one: a counted visit takes one
   * of those left (in the store, so every instance shares the count); a visit that is not counted
   * (HEAD, a robot) only needs one to be left.
   */
  private async admit(target: Target, visit: Visit): Promise<boolean> {
    if (target.expiry.maxScans === null) return true;
    return isCounted(visit.method, visit.userAgent) ? this.repo.takeUse(target.id) : this.repo.hasUseLeft(target.id);
  }

  /** Calls `answer` once the visits recorded so far are durable; a redirect is sent from here. */
  whenRecorded(answer: () => void): void {
    answerWhenDurable(this.recorder, answer);
  }

  /** A password sent to a gated code's form. */
  async unlock(visit: Visit, password: string): Promise<Outcome> {
    const target = await this.target(visit.host, visit.shortCode);
    if (!target) return { kind: 'not_found' };
    if (target.status !== 'active') return { kind: target.status };
    const now = this.clock.now();
    if (target.expiry.expiresAt !== null && now >= target.expiry.expiresAt) return this.expired(target);
    if (!target.gateHash) return (await this.admit(target, visit)) ? this.redirect(target, visit, now) : this.expired(target);
    const window = now - (now % 60_000);
    const windowEnd = window + 60_000;
    const client = createHmac('sha256', target.gateHash).update(visit.clientAddress).digest('base64url');
    const failures = `gate-failed:${target.id}:${window}`;
    // The client's attempt is taken and the code's failures read in one round trip.
    const [attempt, failed] = await this.counters.takeThen(
      { key: `gate:${target.id}:${client}:${window}`, limit: GATE_ATTEMPTS_PER_MINUTE, expiresAt: windowEnd },
      { key: failures, limit: GATE_FAILURES_PER_CODE_PER_MINUTE, expiresAt: windowEnd, take: false },
    );
    if (!attempt.taken || failed.count >= GATE_FAILURES_PER_CODE_PER_MINUTE) {
      return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
    }
    if (password.length > 1024 || !(await verifyGatePassword(password, target.gateHash))) {
      await this.counters.take(failures, GATE_FAILURES_PER_CODE_PER_MINUTE, windowEnd);
      return { kind: 'gate', failed: true };
    }
    if (!(await this.admit(target, visit))) return this.expired(target);
    return {
      kind: 'gate_passed',
      location: this.forward(target, visit, now),
      pass: issueGatePass(target.gateHash, target.id, now),
      maxAgeSeconds: GATE_PASS_MS / 1000,
    };
  }

  /** Picks the destination and hands the visit to the recorder without waiting for it. */
  private forward(target: Target, visit: Visit, now: number): string {
    const routed =
      target.rules.length === 0 ? target.destination : route(target.rules, target.destination, this.scanContext(visit, now));
    const location = withUtm(routed, target.utm);
    recordSafely(this.recorder, this.hit(target, visit, now), this.options.onRecordError);
    return location;
  }

  private scanContext(visit: Visit, now: number): ScanContext {
    return {
      userAgent: visit.userAgent ?? '',
      acceptLanguage: visit.acceptLanguage ?? '',
      country: this.country(visit),
      now,
      random: this.random,
    };
  }

  private country(visit: Visit): string | null {
    for (const name of COUNTRY_HEADERS) {
      const value = header(visit.headers, name)?.trim().toUpperCase();
      if (value && /^[A-Z]{2}$/.test(value) && value !== 'XX') return value;
    }
    return null;
  }

  private hit(target: Target, visit: Visit, now: number): Hit {
    return {
      kind: target.kind,
      targetId: target.id,
      accountId: target.accountId,
      at: now,
      method: visit.method,
      userAgent: visit.userAgent,
      acceptLanguage: visit.acceptLanguage,
      clientAddress: visit.clientAddress,
      placement: visit.placement ? withoutControls(visit.placement.trim().slice(0, PLACEMENT_MAX)).trim() || null : null,
      // The recorder reads only the trusted CDN headers it is configured for.
      headers: visit.headers as Hit['headers'],
    };
  }

  /** The target of (host, ending): from the cache, else one store round trip. */
  private async target(host: string, shortCode: string): Promise<Target | null> {
    const now = this.clock.now();
    const cached = this.cachedTarget(host, shortCode, now);
    if (cached !== undefined) return cached;
    const domain = await this.namespaceOf(host);
    const key = targetKey(domain, shortCode);
    const generation = this.generation;
    const target = await this.repo.find(domain, shortCode);
    if (generation === this.generation) this.targets.set(key, target, now + (target ? TARGET_TTL_MS : this.negativeTtlMs));
    return target;
  }

  /** The target of (host, ending) when the answer is known without the store (null: none), else undefined. */
  private cachedTarget(host: string, shortCode: string, now: number): Target | null | undefined {
    if (!isEndingShape(shortCode)) return null;
    const domain = this.cachedNamespace(host, now);
    if (domain === undefined) return undefined;
    return this.targets.get(targetKey(domain, shortCode), now);
  }

  /** The namespace of a Host when known without the store, else undefined. */
  private cachedNamespace(rawHost: string, now: number): string | undefined {
    const host = rawHost.toLowerCase();
    if (this.publicHosts.has(host)) return '';
    return this.hosts.get(hostName(host), now);
  }

  /**
   * The namespace a Host names: an account's custom domain is its own; every other host (the
   * PUBLIC_URL host, 127.0.0.1, a LAN name, a proxy's address) is the service's own, ''.
   */
  async namespaceOf(rawHost: string): Promise<string> {
    const now = this.clock.now();
    const cached = this.cachedNamespace(rawHost, now);
    if (cached !== undefined) return cached;
    const name = hostName(rawHost.toLowerCase());
    const account = name.length > 0 && name.length <= 253 ? await this.accounts.findByDomain(name) : null;
    const domain = account?.domain ?? '';
    this.hosts.set(name, domain, domain ? Number.POSITIVE_INFINITY : now + HOST_TTL_MS);
    return domain;
  }
}
