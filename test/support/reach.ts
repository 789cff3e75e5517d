/**
 * Which stores a test run reaches. SQLite always; PostgreSQL and Redis only when their variable is set.
 * Plain module (no vitest import): the reporter and the global setup read it in vitest's main process.
 */
export interface Reach {
  name: 'sqlite' | 'postgres' | 'redis';
  /** The unset variable that keeps the run from this store, or null when it is reached. */
  missing: string | null;
}

export function reach(env: NodeJS.ProcessEnv = process.env): Reach[] {
  return [
    { name: 'sqlite', missing: null },
    { name: 'postgres', missing: env.TEST_DATABASE_URL ? null : 'TEST_DATABASE_URL' },
    { name: 'redis', missing: env.REDIS_URL ? null : 'REDIS_URL' },
  ];
}

/** One line: `stores: sqlite, postgres, redis ran`, or which were skipped and the variable each lacks. */
export function storesLine(env: NodeJS.ProcessEnv = process.env): string {
  const all = reach(env);
  const ran = all.filter((s) => !s.missing).map((s) => s.name);
  const skipped = all.filter((s) => s.missing).map((s) => `${s.name} (${s.missing} unset)`);
  return `stores: ${ran.join(', ')} ran${skipped.length ? `; skipped: ${skipped.join(', ')}` : ''}`;
}
