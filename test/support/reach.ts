import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * What a test run reaches: the stores (SQLite always; PostgreSQL and Redis when their variable is set)
 * and the outside tools some tests check the product with. Plain module (no vitest import): the
 * reporter and the global setup read it in vitest's main process.
 */
export interface Reach {
  name: StoreName | ToolName;
  /** Why this run goes without it (the unset variable, or the package that brings the tool), or null. */
  missing: string | null;
}

export type StoreName = 'sqlite' | 'postgres' | 'redis';
export type ToolName = 'zbarimg' | 'pdftoppm' | 'chromium';

/** Debian's Chromium; .ci/run installs it. No tool ever downloads a browser of its own. */
export const CHROMIUM = '/usr/bin/chromium';

const onPath = (command: string): boolean => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;

export function storeReach(env: NodeJS.ProcessEnv = process.env): Reach[] {
  return [
    { name: 'sqlite', missing: null },
    { name: 'postgres', missing: env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL unset' },
    { name: 'redis', missing: env.REDIS_URL ? null : 'REDIS_URL unset' },
  ];
}

export function toolReach(): Reach[] {
  return [
    { name: 'zbarimg', missing: onPath('zbarimg') ? null : 'apt-get install zbar-tools' },
    { name: 'pdftoppm', missing: onPath('pdftoppm') ? null : 'apt-get install poppler-utils' },
    { name: 'chromium', missing: existsSync(CHROMIUM) ? null : 'apt-get install chromium' },
  ];
}

const line = (label: string, all: Reach[]): string => {
  const ran = all.filter((s) => !s.missing).map((s) => s.name);
  const skipped = all.filter((s) => s.missing).map((s) => `${s.name} (${s.missing})`);
  return `${label}: ${ran.length ? ran.join(', ') : 'none'} ran${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}`;
};

/** Two lines: `stores: sqlite, postgres, redis ran` and the same for tools, or which were skipped and why. */
export function reachLines(env: NodeJS.ProcessEnv = process.env): string {
  return `${line('stores', storeReach(env))}\n${line('tools', toolReach())}`;
}
