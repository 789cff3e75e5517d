import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Harness } from './harness.js';
import { OPERATOR } from '../../src/platform/authz/roles.policy.js';

/** One `Set-Cookie` header, parsed: the value and its attributes (names lower-cased). */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function setCookies(response: LightMyRequestResponse): SetCookie[] {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return lines.map((line) => {
    const [pair = '', ...attrs] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attributes: Record<string, string | true> = {};
    for (const attr of attrs) {
      const i = attr.indexOf('=');
      if (i < 0) attributes[attr.toLowerCase()] = true;
      else attributes[attr.slice(0, i).toLowerCase()] = attr.slice(i + 1);
    }
    return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
  });
}

/**
 * A browser as far as the dashboard's session routes care: it keeps the cookies it is given, sends
 * them back, and (unless told otherwise) sends the CSRF token of its last session state.
 */
let browsers = 0;

export class Browser {
  readonly cookies = new Map<string, string>();
  csrfToken = '';
  /** Each browser comes from its own client address, so per-client limits apply per browser. */
  readonly remoteAddress: string;

  constructor(private readonly h: Harness) {
    browsers += 1;
    this.remoteAddress = `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const { csrf = true, headers, ...rest } = options;
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.h.app.inject({
      remoteAddress: this.remoteAddress,
      ...rest,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {}),
        ...headers,
      },
    });
    for (const c of setCookies(response)) {
      if (c.value === '' || c.attributes['max-age'] === '0') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    const body = String(response.headers['content-type'] ?? '').includes('json')
      ? (response.json() as { data?: { csrfToken?: string } })
      : null;
    if (body?.data?.csrfToken) this.csrfToken = body.data.csrfToken;
    return response;
  }

  /** Opens the dashboard (session state and CSRF token). */
  open() {
    return this.request({ method: 'GET', url: '/app/api/session' });
  }

  async signIn(email: string, password: string) {
    if (!this.csrfToken) await this.open();
    return this.request({ method: 'POST', url: '/app/api/session', payload: { email, password } });
  }
}

export const PASSWORD = 'correct horse battery';

/** A browser signed in as `user` of an account (the person's password is set through a one-time link first). */
export async function signedInBrowser(h: Harness, user: { email: string; accountId: string }): Promise<Browser> {
  const { url } = await h.services.identity.passwords.linkFor(OPERATOR, { email: user.email, accountId: user.accountId });
  await h.services.identity.passwords.resetPassword({ token: new URL(url).searchParams.get('token')!, password: PASSWORD });
  const browser = new Browser(h);
  const response = await browser.signIn(user.email, PASSWORD);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return browser;
}

/** A browser signed in as the owner of `tenant`. */
export const ownerBrowser = (h: Harness, tenant: { account: { id: string }; owner: { email: string } }): Promise<Browser> =>
  signedInBrowser(h, { email: tenant.owner.email, accountId: tenant.account.id });
