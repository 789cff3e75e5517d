import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../support/spawn.js';
import { describeEach, STORES, type StoreTarget } from '../support/stores.js';

describeEach(STORES)('admin CLI ($name)', (target: StoreTarget) => {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const store = await target.create();
    drop = store.drop;
    env = { DATABASE_URL: store.url, ...(store.schema ? { DATABASE_SCHEMA: store.schema } : {}) };
  });
  afterAll(() => drop());

  const json = (args: string[]) => {
    const result = cli([...args, '--json'], env);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const { store, ...answer } = JSON.parse(result.stdout);
    // Every answer names the store the run opened: the configured one, its password left out.
    expect(store).toBe(env.DATABASE_URL);
    return answer;
  };

  it('creates an account with its owner, a token, a user; revokes and suspends', () => {
    const created = json([
      'account',
      'create',
      '--name',
      'Acme',
      '--plan',
      'business',
      '--owner-email',
      'Boss@Acme.test',
      '--domain',
      'go.acme.test',
    ]);
    expect(created).toEqual({
      account: { id: expect.any(String), name: 'Acme', plan: 'business', domain: 'go.acme.test' },
      owner: { id: expect.any(String), email: 'boss@acme.test' },
    });
    const token = json(['token', 'create', '--account', created.account.id, '--scopes', 'codes:read,team:write', '--name', 'ci']);
    expect(token).toMatchObject({
      id: expect.any(String),
      token: expect.stringMatching(/^qrelay1_/),
      scopes: ['codes:read', 'team:write'],
    });
    expect(token.userId).toBe(created.owner.id);

    const user = json(['user', 'create', '--account', created.account.id, '--email', 'ed@acme.test', '--role', 'editor']);
    expect(user.user).toMatchObject({ email: 'ed@acme.test', role: 'editor', status: 'active' });

    const refused = cli(
      ['token', 'create', '--account', created.account.id, '--scopes', 'team:write', '--user', user.user.id, '--json'],
      env,
    );
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('owner');

    expect(json(['token', 'revoke', token.id])).toMatchObject({ id: token.id, revokedAt: expect.any(String) });
    expect(json(['account', 'suspend', created.account.id]).account).toMatchObject({
      id: created.account.id,
      status: 'suspended',
    });
  });

  it('accepts plan overrides and an expiry', () => {
    const created = json([
      'account',
      'create',
      '--name',
      'Small',
      '--plan',
      'starter',
      '--monthly-allowance',
      '50',
      '--rate-per-minute',
      '5',
    ]);
    const token = json([
      'token',
      'create',
      '--account',
      created.account.id,
      '--scopes',
      'links:read',
      '--expires-at',
      '2099-01-01T00:00:00Z',
    ]);
    expect(token.expiresAt).toBe('2099-01-01T00:00:00.000Z');
  });

  it('prints a one-time set-password link for an existing person', () => {
    const created = json([
      'account',
      'create',
      '--name',
      'Links',
      '--plan',
      'starter',
      '--owner-email',
      'links-owner@example.test',
    ]);
    const link = json(['user', 'password-link', '--email', 'Links-Owner@example.test']);
    expect(link).toEqual({
      url: expect.stringMatching(/^http:\/\/localhost:8080\/app\/set-password\?token=[0-9A-Za-z]{43}$/),
      expiresAt: expect.any(String),
      user: { id: created.owner.id, email: 'links-owner@example.test' },
    });
    const second = json(['user', 'password-link', '--email', 'links-owner@example.test', '--account', created.account.id]);
    expect(second.url).not.toBe(link.url);
    const unknown = cli(['user', 'password-link', '--email', 'nobody@example.test', '--json'], env);
    expect(unknown.status).not.toBe(0);
    expect(unknown.stderr).toContain('No such user');
  });

  it('fails with a message on stderr and a non-zero exit for bad input', () => {
    for (const args of [
      ['account', 'create', '--name', 'X', '--plan', 'platinum'],
      ['account', 'create', '--plan', 'free'],
      ['token', 'create', '--account', 'missing', '--scopes', 'codes:read'],
      ['token', 'create', '--account', 'missing', '--scopes', 'codes:fly'],
      ['user', 'create', '--account', 'missing', '--email', 'a@b.test', '--role', 'owner'],
      ['account', 'suspend', 'missing'],
      ['frobnicate'],
      ['account', 'create', '--name', 'X', '--plan', 'free', '--unknown', 'y'],
    ]) {
      const result = cli([...args, '--json'], env);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr.length, args.join(' ')).toBeGreaterThan(0);
    }
  });

  it('names the valid scopes when one is unknown', () => {
    const created = json(['account', 'create', '--name', 'Scopes', '--plan', 'starter']);
    const result = cli(['token', 'create', '--account', created.account.id, '--scopes', 'codes:read,events:read', '--json'], env);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('Unknown scope(s): events:read.');
    expect(result.stderr).toContain('Valid scopes: codes:read, codes:write, links:read, links:write, analytics:read,');
  });

  const fails = (args: string[], message: string) => {
    const result = cli([...args, '--json'], env);
    expect(result.status, args.join(' ')).not.toBe(0);
    expect(result.stdout, args.join(' ')).toBe('');
    expect(result.stderr, args.join(' ')).toContain(message);
  };

  let brand: string;
  let other: string;

  // Each command is a process of its own (several seconds on a busy machine): each test runs only a few.
  it('assigns a GS1 company prefix to an account and lists the assignments, each as one JSON object', () => {
    brand = json(['account', 'create', '--name', 'Brand', '--plan', 'business']).account.id;
    other = json(['account', 'create', '--name', 'Other', '--plan', 'business']).account.id;
    expect(json(['gs1', 'prefix', 'assign', '--account', brand, '--prefix', '0614141'])).toEqual({
      prefix: { prefix: '0614141', accountId: brand, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      heldByOthers: 0,
    });
    expect(json(['gs1', 'prefix', 'list', '--account', brand]).prefixes.map((p: { prefix: string }) => p.prefix)).toEqual([
      '0614141',
    ]);
  });

  it('refuses an overlapping or malformed GS1 company prefix with a message on stderr', () => {
    fails(['gs1', 'prefix', 'assign', '--account', other, '--prefix', '06141419'], 'overlaps 0614141');
    fails(['gs1', 'prefix', 'assign', '--account', other, '--prefix', '12a4'], '4 to 12 digits');
    fails(['gs1', 'prefix', 'frobnicate'], 'gs1 prefix assign');
  });

  it('removes a GS1 company prefix assignment, which frees the prefix', () => {
    expect(json(['gs1', 'prefix', 'remove', '--prefix', '0614141'])).toEqual({ prefix: '0614141', removed: true });
    fails(['gs1', 'prefix', 'remove', '--prefix', '0614141'], 'No such prefix assignment');
    expect(json(['gs1', 'prefix', 'assign', '--account', other, '--prefix', '06141419']).prefix.accountId).toBe(other);
  });
});

describe('admin CLI and the .env file', () => {
  it('reads .env in its working folder, lets the environment win, and names the store it opened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qrelay-dotenv-'));
    try {
      writeFileSync(join(dir, '.env'), '# the server and the CLI read this\nDATABASE_URL=sqlite:./from-file.db\n');
      const create = ['account', 'create', '--name', 'Dot', '--plan', 'business', '--json'];
      const fromFile = cli(create, {}, dir);
      expect(fromFile.status).toBe(0);
      expect(JSON.parse(fromFile.stdout).store).toBe(`sqlite:${join(dir, 'from-file.db')}`);
      expect(existsSync(join(dir, 'from-file.db'))).toBe(true);
      const fromEnv = cli(create, { DATABASE_URL: `sqlite:${join(dir, 'env.db')}` }, dir);
      expect(fromEnv.status).toBe(0);
      expect(JSON.parse(fromEnv.stdout).store).toBe(`sqlite:${join(dir, 'env.db')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
