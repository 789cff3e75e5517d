import type { Clock } from '../../lib/clock.js';
import { answerWhenDurable, recordSafely, type HitRecorder } from '../../platform/index.js';
import {
  GS1_VOC,
  Gs1SyntaxError,
  keyPath,
  levelsOf,
  parseKeySegments,
  PRIMARY_KEYS,
  resolveGs1,
  type Gs1Ask,
  type Gs1Lookup,
  type Gs1Resolution,
  type ResolvableKey,
} from '../../catalog/index.js';

/** A request for a Digital Link URI, as the resolver sees it (no HTTP types). */
export interface Gs1Visit extends Gs1Ask {
  host: string;
  /** The path after the first `/`, not yet decoded, a trailing slash tolerated. */
  path: string;
  method: string;
  userAgent: string | null;
  clientAddress: string;
  headers: Record<string, string | string[] | undefined>;
}

export type Gs1Answer =
  | { kind: 'bad_request'; problem: string }
  | (Gs1Resolution & {
      /** The canonical origin of the host's namespace: anchors and linkset addresses are built on it. */
      origin: string;
      /** The canonical path of what was asked for. */
      requested: string;
    });

/** What `/.well-known/gs1resolver` holds (GS1's resolver description file schema). */
export interface ResolverDescription {
  name: string;
  resolverRoot: string;
  supportedPrimaryKeys: string[];
  supportedLinkType: { namespace: string; prefix: string }[];
  linkTypeDefaultCanBeLinkset: boolean;
}

export interface Gs1ResolverDeps {
  repo: Gs1Lookup;
  /** The namespace a Host names: '' for the service's own host, else an account's custom domain. */
  namespaces: { namespaceOf(host: string): Promise<string> };
  recorder: HitRecorder;
  clock: Clock;
  publicUrl: string;
  onRecordError?: (error: unknown) => void;
}

/** One registration per key: where a key comes back twice, the one in the host's own namespace wins. */
function ownNamespaceFirst(keys: ResolvableKey[], namespace: string): ResolvableKey[] {
  const chosen = new Map<string, ResolvableKey>();
  for (const key of keys) if (!chosen.has(key.key) || key.domain === namespace) chosen.set(key.key, key);
  return [...chosen.values()];
}

/** A Digital Link path's levels (canonical key paths, most specific first), or what is wrong with it. */
function levelsOfPath(path: string): { levels: string[] } | { problem: string } {
  let segments: string[];
  try {
    segments = path
      .replace(/\/+$/, '')
      .split('/')
      .map((s) => decodeURIComponent(s));
  } catch {
    return { problem: 'The address has a malformed percent-encoding.' };
  }
  try {
    return { levels: levelsOf(parseKeySegments(segments)).map(keyPath) };
  } catch (error) {
    if (error instanceof Gs1SyntaxError) return { problem: error.message };
    throw error;
  }
}

/**
 * The GS1-Conformant resolver's rules: validate the URI, walk up from the most specific
 * qualifier to the primary key, choose what to answer, and record a human's resolution as a
 * `gs1_resolve` event without waiting for it.
 */
export class Gs1ResolverService {
  private readonly publicOrigin: string;
  private readonly protocol: string;

  constructor(private readonly deps: Gs1ResolverDeps) {
    const url = new URL(deps.publicUrl);
    this.publicOrigin = url.origin;
    this.protocol = url.protocol;
  }

  async resolve(visit: Gs1Visit): Promise<Gs1Answer> {
    const parsed = levelsOfPath(visit.path);
    if ('problem' in parsed) return { kind: 'bad_request', problem: parsed.problem };
    const { levels } = parsed;
    const namespace = await this.deps.namespaces.namespaceOf(visit.host);
    const registered = ownNamespaceFirst(await this.deps.repo.resolvable(levels, namespace), namespace);
    const resolution = resolveGs1(levels, registered, visit);
    if (resolution.kind === 'redirect' || resolution.kind === 'choices') this.record(resolution.key, visit);
    return { ...resolution, origin: this.originOf(namespace), requested: levels[0]! };
  }

  /**
   * The canonical origin and path of a Digital Link on a host, without looking the key up (what an
   * OPTIONS answer links its linkset with); null when the path is malformed.
   */
  async address(host: string, path: string): Promise<{ origin: string; requested: string } | null> {
    const parsed = levelsOfPath(path);
    if ('problem' in parsed) return null;
    return { origin: this.originOf(await this.deps.namespaces.namespaceOf(host)), requested: parsed.levels[0]! };
  }

  /** Where error answers' `docs` point: the API's error reference. */
  get publicUrl(): string {
    return this.deps.publicUrl;
  }

  /** Calls `answer` once the resolutions recorded so far are durable; a recorded answer is sent from here. */
  whenRecorded(answer: () => void): void {
    answerWhenDurable(this.deps.recorder, answer);
  }

  /** The resolver description file (`/.well-known/gs1resolver`) of the namespace a Host names. */
  async description(host: string): Promise<ResolverDescription> {
    return {
      name: 'qrelay',
      resolverRoot: this.originOf(await this.deps.namespaces.namespaceOf(host)),
      supportedPrimaryKeys: Object.keys(PRIMARY_KEYS),
      supportedLinkType: [{ namespace: GS1_VOC, prefix: 'gs1:' }],
      linkTypeDefaultCanBeLinkset: false,
    };
  }

  /** The canonical origin of a namespace: PUBLIC_URL's, or the custom domain over PUBLIC_URL's scheme. */
  private originOf(namespace: string): string {
    return namespace === '' ? this.publicOrigin : `${this.protocol}//${namespace}`;
  }

  /** Hands a resolution to the recorder; HEAD and automated traffic are excluded there, as for scans. */
  private record(key: { id: string; accountId: string }, visit: Gs1Visit): void {
    const headers = visit.headers as Record<string, string | undefined>;
    recordSafely(
      this.deps.recorder,
      {
        kind: 'gs1_resolve',
        targetId: key.id,
        accountId: key.accountId,
        at: this.deps.clock.now(),
        method: visit.method,
        userAgent: visit.userAgent,
        acceptLanguage: visit.acceptLanguage,
        clientAddress: visit.clientAddress,
        placement: null,
        headers,
      },
      this.deps.onRecordError,
    );
  }
}
